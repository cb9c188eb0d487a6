import { describe, expect, it } from 'vitest';

import { publicAddressProblem } from './public-address.ts';

describe('publicAddressProblem (issue 27 item 18, decision 0117)', () => {
  it.each([
    ['http://localhost:3000', 'localhost'],
    ['http://parish.localhost', 'localhost'],
    ['http://127.0.0.1:3405', 'localhost'],
    ['http://0.0.0.0:3000', 'localhost'],
    ['http://[::1]:3000', 'localhost'],
    ['not a url', 'localhost'],
    ['http://192.168.1.20:3000', 'private'],
    ['http://10.0.0.5', 'private'],
    ['http://172.16.4.1', 'private'],
    ['http://172.31.255.255', 'private'],
    ['http://169.254.10.1', 'private'],
    ['http://100.64.0.1', 'private'],
    ['http://[fd12:3456::1]', 'private'],
    ['http://[fe80::1]', 'private'],
    ['http://[::ffff:192.168.0.1]', 'private'],
    ['http://parish-pc:3000', 'private'],
    ['http://office.local', 'private'],
    ['http://office.lan', 'private'],
    ['http://dues.home.arpa', 'private'],
  ])('%s is %s', (url, problem) => {
    expect(publicAddressProblem(url)).toBe(problem);
  });

  it.each([
    'https://dues.stmarys.in',
    'https://203.0.113.7',
    'http://172.32.0.1',
    'http://100.128.0.1',
    'https://[2001:db8::1]',
    'https://dues.stmarys.in.',
  ])('%s is public', (url) => {
    expect(publicAddressProblem(url)).toBeNull();
  });
});
