import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { paise } from '@parish/shared';

import {
  embeddableLogo,
  fetchParishLogo,
  forgetParishLogos,
  LOGO_FAILURE_KEEP_MS,
  LOGO_KEEP_MS,
  LOGO_MAX_BYTES,
} from './logo-fetch.ts';
import { buildReceiptPdf } from './receipt-pdf.ts';

/**
 * The receipt PDF's logo at a web address (issue 29, decision 0144), fetched from a local HTTP
 * server: PNG or JPEG only (type and signature), at most 512 KB, a short timeout, no redirects,
 * kept per address, any failure no logo; and https only outside tests.
 */

/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: Server;
let base = '';
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/logo.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (path === '/logo-as-text.png') return response.writeHead(200, { 'content-type': 'text/html' }).end(PNG);
    if (path === '/not-a-png.png') return response.writeHead(200, { 'content-type': 'image/png' }).end('<svg/>');
    if (path === '/huge.png') {
      const huge = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
      return response.writeHead(200, { 'content-type': 'image/png' }).end(huge);
    }
    if (path === '/moved.png') return response.writeHead(302, { location: '/logo.png' }).end();
    if (path === '/slow.png') {
      setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG), 4_000);
      return undefined;
    }
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  forgetParishLogos();
  hits.clear();
});

const local = { allowLoopbackHttp: true, timeoutMs: 1_500 };

describe('a logo at a web address', () => {
  it('is fetched once and kept; the PDF embeds it', async () => {
    const logo = await fetchParishLogo(`${base}/logo.png`, local);
    expect(logo).toEqual({ type: 'image/png', bytes: PNG });
    expect(await fetchParishLogo(`${base}/logo.png`, local)).toEqual(logo);
    expect(hits.get('/logo.png')).toBe(1);

    const logoUrl = await embeddableLogo(`${base}/logo.png`, local);
    expect(logoUrl).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    const receipt = {
      parish: { name: 'St. Mary', address: '', contact: '', logoUrl },
      receiptNumber: 'RCP/1',
      transactionId: null,
      date: '29/11/2026',
      paymentMethod: 'cash',
      member: { name: 'Anna', parishNumber: 'SM1', mobile: '919847012345', email: null },
      head: { name: 'Dues', description: '', typeLabel: 'Current Due' },
      amountPaise: paise(10_000),
    };
    const withLogo = (await buildReceiptPdf(receipt, 'a5', 'en')).toString('latin1');
    const without = (await buildReceiptPdf({ ...receipt, parish: { ...receipt.parish, logoUrl: '' } }, 'a5', 'en'))
      .toString('latin1');
    expect(withLogo).toMatch(/\/Subtype\s*\/Image/);
    expect(without).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('is kept an hour; a failure five minutes, then tried again', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    await fetchParishLogo(`${base}/logo.png`, { ...local, now });
    clock += LOGO_KEEP_MS - 1;
    await fetchParishLogo(`${base}/logo.png`, { ...local, now });
    expect(hits.get('/logo.png')).toBe(1);
    clock += 2;
    await fetchParishLogo(`${base}/logo.png`, { ...local, now });
    expect(hits.get('/logo.png')).toBe(2);

    expect(await fetchParishLogo(`${base}/missing.png`, { ...local, now })).toBeNull();
    expect(await fetchParishLogo(`${base}/missing.png`, { ...local, now })).toBeNull();
    expect(hits.get('/missing.png')).toBe(1);
    clock += LOGO_FAILURE_KEEP_MS + 1;
    await fetchParishLogo(`${base}/missing.png`, { ...local, now });
    expect(hits.get('/missing.png')).toBe(2);
  });

  it.each([
    ['an answer that is not an image type', '/logo-as-text.png'],
    ['an image type whose bytes are no PNG or JPEG', '/not-a-png.png'],
    ['more than 512 KB', '/huge.png'],
    ['a redirect', '/moved.png'],
    ['a server slower than the timeout', '/slow.png'],
    ['a 404', '/missing.png'],
  ])('gives no logo for %s', async (_name, path) => {
    expect(await fetchParishLogo(`${base}${path}`, local)).toBeNull();
    expect(await embeddableLogo(`${base}${path}`, local)).toBe('');
  });

  it('fetches only https addresses in the product: plain http, other schemes and nonsense give no logo', async () => {
    expect(await fetchParishLogo(`${base}/logo.png`)).toBeNull();
    expect(hits.get('/logo.png')).toBeUndefined();
    for (const address of ['ftp://example.org/logo.png', 'javascript:alert(1)', 'not an address', ''])
      expect(await fetchParishLogo(address)).toBeNull();
    expect(await embeddableLogo(`data:image/png;base64,${PNG.toString('base64')}`)).toBe(
      `data:image/png;base64,${PNG.toString('base64')}`,
    );
  });
});
