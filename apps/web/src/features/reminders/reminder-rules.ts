import { MSG } from '@parish/shared';

import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';

/** How the reminders screen reads failures and mobile numbers (docs/domain.md, "§2 Screens", "Admin Send Reminders"). */

/**
 * Whether a failure means the session is gone: 401, or the session-expiry texts of
 * `docs/domain.md`, §5 "Error and outcome messages".
 */
export function isSessionError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  const text = errorText(error, '');
  return text === MSG.sessionExpired || /session expired|authentication token/i.test(text);
}

/** Mobile `919847012345` shown as `+91 98470 12345`. */
export function displayMobile(mobile: string): string {
  return /^91\d{10}$/.test(mobile) ? `+91 ${mobile.slice(2, 7)} ${mobile.slice(7)}` : mobile;
}
