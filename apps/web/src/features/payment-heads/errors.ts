import { ApiError } from '../../lib/api-client.ts';

/**
 * Error texts of the payment-head screens (`docs/domain.md`, §5 "Error and outcome messages"). Each
 * returns a catalogue key, or the server's own text where it says more than the fallback.
 */

/**
 * The `paymentHeads.taggingErrors.*` key for a failed tag save, chosen by status (`docs/domain.md`,
 * §5 "Error and outcome messages").
 */
export function taggingErrorKey(error: unknown): 'auth' | 'forbidden' | 'notFound' | 'invalid' | 'timeout' | 'other' {
  if (!(error instanceof ApiError)) return 'other';
  if (error.code === 'TIMEOUT') return 'timeout';
  switch (error.status) {
    case 401:
      return 'auth';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 400:
      return 'invalid';
    default:
      return 'other';
  }
}

/**
 * The text of a failed write: the server's message for a 4xx answer (it is the product's wording,
 * as in `docs/domain.md`, §5 "Error and outcome messages", e.g. 'Please enter a valid amount' or a
 * 409 conflict), else the screen's fallback ('Failed to save particular', 'Failed to delete
 * particular', 'Failed to cancel tags').
 */
export function writeErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}

/**
 * The undefined-property failure that `docs/domain.md`, §5 "Error and outcome messages" maps to
 * 'Invalid response format from server…'.
 */
export function isMalformedAnswer(error: unknown): boolean {
  return error instanceof Error && error.message.includes('Cannot read properties of undefined');
}
