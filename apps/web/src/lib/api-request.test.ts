import { memberContracts, paymentContracts, reminderContracts } from '@parish/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-client.ts';
import { apiRequest, buildUrl } from './api-request.ts';

describe('buildUrl', () => {
  it('puts URL-encoded path parameters into the path', () => {
    expect(buildUrl('/api/payments/:id/collect', { params: { id: 'a b/c' } })).toBe('/api/payments/a%20b%2Fc/collect');
  });

  it('adds the query in the order given, leaving out undefined, null and empty text', () => {
    expect(
      buildUrl('/api/members', {
        query: { page: 2, limit: 25, search: '', sortBy: 'name', status: undefined, jobId: null, active: false },
      }),
    ).toBe('/api/members?page=2&limit=25&sortBy=name&active=false');
    expect(buildUrl('/api/members', { query: { search: 'Thomas & Co' } })).toBe('/api/members?search=Thomas+%26+Co');
    expect(buildUrl('/api/settings')).toBe('/api/settings');
  });

  it('refuses a path parameter that is not given', () => {
    expect(() => buildUrl('/api/members/:id', { params: {} })).toThrow('Missing path parameter id of /api/members/:id');
  });
});

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(answer: Response) {
    const store = new Map<string, string>([['token', 'T0K3N']]);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
    const fetch = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it("sends the contract's method, URL and JSON body with the session's token", async () => {
    const fetch = stubFetch(Response.json({ success: true, revoked: 2 }));
    const answer = await apiRequest(paymentContracts.revoke, { body: { paymentHeadId: 'h1', memberIds: ['m1'] } });
    expect(answer).toEqual({ success: true, revoked: 2 });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/payments/revoke');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"paymentHeadId":"h1","memberIds":["m1"]}');
    expect(init.headers).toEqual({
      'x-requested-with': 'parish-dues',
      authorization: 'Bearer T0K3N',
      'content-type': 'application/json',
    });
  });

  it('sends a GET without a body and a body-less POST without a content type', async () => {
    let fetch = stubFetch(Response.json({ items: [], total: 0, page: 1, limit: 10 }));
    await apiRequest(memberContracts.list, { query: { page: 1, limit: 10, search: 'SM1' } });
    let [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/members?page=1&limit=10&search=SM1');
    expect(init).toMatchObject({ method: 'GET', body: null });
    fetch = stubFetch(Response.json({ jobId: 'j1', total: 3 }));
    await apiRequest(reminderContracts.sendAll);
    [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/send-all-reminders');
    expect(init.method).toBe('POST');
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it("throws the server's error text with its status and code", async () => {
    stubFetch(Response.json({ success: false, error: 'Member not found', code: 'NOT_FOUND' }, { status: 404 }));
    const failure = apiRequest(memberContracts.remove, { params: { id: 'm9' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Member not found', status: 404, code: 'NOT_FOUND' });
  });
});
