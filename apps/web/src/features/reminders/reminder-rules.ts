import { ErrorCode } from '@parish/shared';

import { ApiError } from '../../lib/api-client.ts';

/** How the reminders screen reads failures and mobile numbers (docs/domain.md, "§2 Screens", "Admin Send Reminders"). */

/**
 * Whether a failure means the session is gone (`docs/domain.md`, §5 "Error and outcome messages",
 * session expiry): an API answer of 401, or one whose code says so (`UNAUTHORIZED`,
 * `SESSION_EXPIRED`; the API client gives the first when the refresh fails). Branches on the
 * status and code, never on the message text.
 */
export function isSessionError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 401 || error.code === ErrorCode.UNAUTHORIZED || error.code === ErrorCode.SESSION_EXPIRED;
}
