import { MSG } from '@parish/shared';
import { describe, expect, it } from 'vitest';

import { ApiError } from './api-client.ts';
import { errorText } from './error-text.ts';
import { retryDelay, shouldRetry } from './query-client.ts';

describe('errorText', () => {
  it("shows the server's text, else the fallback", () => {
    expect(errorText(new ApiError('Member not found', 404, 'NOT_FOUND'))).toBe('Member not found');
    expect(errorText(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorText(new Error(''), 'Failed to save')).toBe('Failed to save');
    expect(errorText('boom')).toBe(MSG.genericError);
    expect(errorText(null, 'x')).toBe('x');
  });
});

describe('shouldRetry and retryDelay', () => {
  it('retries a failed read up to 3 times, never a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError('x', 500))).toBe(true);
    expect(shouldRetry(2, new Error('Failed to fetch'))).toBe(true);
    expect(shouldRetry(3, new ApiError('x', 500))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 429))).toBe(false);
  });

  it('waits 1 s, 2 s, then 4 s', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([1000, 2000, 4000]);
  });
});
