import { ErrorCode, MSG } from '@parish/shared';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api-client.ts';
import { isSessionError } from './reminder-rules.ts';

describe('isSessionError (reminders)', () => {
  it('is a 401 or an answer coded as a lost session', () => {
    expect(isSessionError(new ApiError('Unauthorized', 401))).toBe(true);
    expect(isSessionError(new ApiError(MSG.sessionExpired, 401, ErrorCode.UNAUTHORIZED))).toBe(true);
    expect(isSessionError(new ApiError(MSG.sessionExpired, 401, ErrorCode.SESSION_EXPIRED))).toBe(true);
    expect(isSessionError(new ApiError('WhatsApp is not configured', 503))).toBe(false);
    expect(isSessionError(new ApiError(MSG.sessionExpired, 503, ErrorCode.UNAVAILABLE))).toBe(false);
  });

  it('does not read the message text', () => {
    expect(isSessionError(new Error(MSG.sessionExpired))).toBe(false);
    expect(isSessionError(new Error('Invalid authentication token'))).toBe(false);
  });
});
