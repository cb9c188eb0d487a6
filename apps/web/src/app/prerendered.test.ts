import { afterEach, describe, expect, it } from 'vitest';

import { PRERENDERED_MEMBER_LOGIN, takesOverPrerender } from './prerendered.ts';

/*
 * When the app hydrates the member sign-in the server sent drawn (decision 0159), and when it
 * draws afresh because the drawn markup is not what it would draw now.
 */

const LOGIN = { pathname: '/customer/login', search: '' };
const scope = globalThis as { localStorage?: Pick<Storage, 'getItem'> };

afterEach(() => {
  delete scope.localStorage;
});

describe('takesOverPrerender', () => {
  it('hydrates the sign-in at /customer/login, in English, with no session stored', () => {
    scope.localStorage = { getItem: () => null };
    expect(takesOverPrerender(PRERENDERED_MEMBER_LOGIN, 'en', LOGIN)).toBe(true);
  });

  it('draws afresh for a payment link, another language, another address or another page', () => {
    scope.localStorage = { getItem: () => null };
    expect(takesOverPrerender(PRERENDERED_MEMBER_LOGIN, 'en', { ...LOGIN, search: '?mobile=9847012345' })).toBe(false);
    expect(takesOverPrerender(PRERENDERED_MEMBER_LOGIN, 'ml', LOGIN)).toBe(false);
    expect(takesOverPrerender(PRERENDERED_MEMBER_LOGIN, 'en', { pathname: '/customer/dashboard', search: '' })).toBe(
      false,
    );
    expect(takesOverPrerender('staff-login', 'en', LOGIN)).toBe(false);
  });

  it('draws afresh when a session is stored (the visitor is shown the spinner, then their dashboard)', () => {
    scope.localStorage = { getItem: (key: string) => (key === 'token' ? 'a-token' : null) };
    expect(takesOverPrerender(PRERENDERED_MEMBER_LOGIN, 'en', LOGIN)).toBe(false);
  });

  it('hydrates when the storage cannot be read (no session can be stored then)', () => {
    expect(takesOverPrerender(PRERENDERED_MEMBER_LOGIN, 'en', LOGIN)).toBe(true);
  });
});
