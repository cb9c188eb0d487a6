import type { ContractPath, ErrorCodeValue, portalContracts, VerifyResult } from '@parish/shared';

import type { VerifyBody } from './worldline-checkout.ts';

/**
 * `POST /api/worldline/verify-payment`, on a fetch of its own: no session, no cache, a 30 s
 * timeout, and failures read differently from other calls. Typed by the contract's types only, so
 * the gateway return page (verify-payment.ts and worldline-checkout.ts) loads no zod schemas.
 */
const VERIFY_PATH: ContractPath<typeof portalContracts.verifyPayment> = '/api/worldline/verify-payment';

/**
 * The verify answer as the browser sees it: the server's full answer, or only `success: false` and
 * the message when the server refused the request (bad hash, unknown transaction...).
 */
export type VerifyAnswer = Pick<VerifyResult, 'success' | 'message'> &
  Partial<Omit<VerifyResult, 'success' | 'message'>>;

/** Callback verification timeout (`docs/domain.md`, §2 "Page sizes and timings"). */
export const VERIFY_TIMEOUT_MS = 30_000;

/** Texts the verification failures are reported with (`docs/domain.md`, §5 "Error and outcome messages"). */
export interface VerifyMessages {
  timeout: string;
  notFound: string;
  fallback: string;
}

/** A verification call that did not produce an answer: timeout, 404, network or a server error. */
export class VerifyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerifyError';
  }
}

/**
 * `POST /api/worldline/verify-payment` (docs/domain.md, "§7 API"): no auth, no cache, client timeout 30 s. The
 * server checks the gateway's answer (hash, amount, dual verification) and settles the payments
 * exactly once; a repeated call answers the same.
 * @returns the server's answer (`success` false with its message when the payment did not go through).
 * @throws VerifyError 'Verification timeout after 30 seconds', the 404 text, the server's error text,
 *   or the fallback.
 */
export async function verifyWorldlinePayment(body: VerifyBody, messages: VerifyMessages): Promise<VerifyAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), VERIFY_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(VERIFY_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'parish-dues' },
      body: JSON.stringify(body),
      cache: 'no-store',
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) throw new VerifyError(messages.timeout);
    throw new VerifyError(error instanceof Error && error.message ? error.message : messages.fallback);
  } finally {
    clearTimeout(timer);
  }
  const answer = (await response.json().catch(() => null)) as
    (Partial<VerifyResult> & { error?: string; code?: string }) | null;
  // The route itself missing (code NOT_FOUND, or no API answer at all) versus an unknown
  // transaction (code TRANSACTION_NOT_FOUND): by the code, never by the message text. The code is
  // compared as a literal so that this page loads no zod (`ErrorCode` lives beside the schemas).
  if (response.status === 404 && (!answer?.code || answer.code === ('NOT_FOUND' satisfies ErrorCodeValue))) {
    throw new VerifyError(messages.notFound);
  }
  if (!response.ok) {
    // A refused verification (bad hash, amount, unknown order) is an unsuccessful payment, not a crash.
    if (answer && response.status < 500) {
      return { success: false, message: answer.error ?? answer.message ?? messages.fallback };
    }
    throw new VerifyError(answer?.error ?? messages.fallback);
  }
  if (!answer || typeof answer.success !== 'boolean') throw new VerifyError(messages.fallback);
  return { ...answer, success: answer.success, message: answer.message ?? '' };
}

/**
 * The verification failure texts in the member's language (`portal.callback.*`).
 * @param t the catalogue lookup
 */
export function verifyMessages(t: (key: string) => string): VerifyMessages {
  return {
    timeout: t('portal.callback.verifyTimeout'),
    notFound: t('portal.callback.verifyNotFound'),
    fallback: t('portal.callback.processFailed'),
  };
}

/**
 * Posts the in-page checkout's final answer that needs no confirmation dialog (Worldline 0392
 * cancelled by the member, 0399 failed) to `POST /api/worldline/verify-payment` (decision 0144), so
 * the attempt shows so at once instead of after the background re-check. The server trusts only a
 * `msg` whose hash verifies and asks the gateway's status API before recording anything
 * (`docs/domain.md`, §4); a paid order is never marked cancelled this way.
 * @returns the server's answer, or null when it could not be reached (the re-check settles it later).
 */
export async function reportFinalAnswer(body: VerifyBody, messages: VerifyMessages): Promise<VerifyAnswer | null> {
  return verifyWorldlinePayment(body, messages).catch(() => null);
}
