import { MSG } from '@parish/shared';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api-client.ts';
import { isMalformedAnswer, taggingErrorKey, writeErrorText } from './errors.ts';

describe('payment-head error texts', () => {
  it('chooses the tagging error by status, a timeout first', () => {
    expect(taggingErrorKey(new ApiError('x', 401))).toBe('auth');
    expect(taggingErrorKey(new ApiError('x', 403))).toBe('forbidden');
    expect(taggingErrorKey(new ApiError('x', 404))).toBe('notFound');
    expect(taggingErrorKey(new ApiError('x', 400))).toBe('invalid');
    expect(taggingErrorKey(new ApiError(MSG.requestTimeout, 0, 'TIMEOUT'))).toBe('timeout');
    expect(taggingErrorKey(new ApiError('x', 500))).toBe('other');
    expect(taggingErrorKey(new Error('x'))).toBe('other');
  });

  it("keeps the server's 4xx text and replaces anything else by the screen's fallback", () => {
    expect(writeErrorText(new ApiError(MSG.invalidAmount, 400), 'Failed to save particular')).toBe(MSG.invalidAmount);
    expect(writeErrorText(new ApiError('Internal', 500), 'Failed to save particular')).toBe(
      'Failed to save particular',
    );
    expect(writeErrorText(new Error('x'), 'Failed to delete particular')).toBe('Failed to delete particular');
  });

  it('recognises the undefined-property failure of a malformed answer', () => {
    expect(isMalformedAnswer(new TypeError("Cannot read properties of undefined (reading 'length')"))).toBe(true);
    expect(isMalformedAnswer(new Error('Network down'))).toBe(false);
  });
});
