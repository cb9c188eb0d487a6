import { ErrorCode, GATEWAY_MSG, MSG } from '@parish/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { VerifyError, verifyWorldlinePayment } from './verify-payment.ts';

const messages = { timeout: 'timeout', notFound: 'Payment verification service not found', fallback: 'fallback' };

/** The network answers `status` with `body` (JSON) to the one verify call. */
function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === undefined ? 'not json' : JSON.stringify(body), { status })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verifyWorldlinePayment reads a 404 by its code', () => {
  it('a missing route (code NOT_FOUND) is the not-found failure', async () => {
    answer(404, { success: false, error: MSG.notFound, code: ErrorCode.NOT_FOUND });
    await expect(verifyWorldlinePayment({ txnId: 'T1' }, messages)).rejects.toEqual(new VerifyError(messages.notFound));
  });

  it('a 404 that is not the API answering (no JSON) is the not-found failure', async () => {
    answer(404, undefined);
    await expect(verifyWorldlinePayment({ txnId: 'T1' }, messages)).rejects.toEqual(new VerifyError(messages.notFound));
  });

  it('an unknown transaction (code TRANSACTION_NOT_FOUND) is an unsuccessful payment with the server text', async () => {
    answer(404, { success: false, error: GATEWAY_MSG.transactionNotFound, code: ErrorCode.TRANSACTION_NOT_FOUND });
    await expect(verifyWorldlinePayment({ txnId: 'T1' }, messages)).resolves.toEqual({
      success: false,
      message: GATEWAY_MSG.transactionNotFound,
    });
  });

  it('the generic text under another code is not taken for a missing route', async () => {
    answer(404, { success: false, error: MSG.notFound, code: ErrorCode.TRANSACTION_NOT_FOUND });
    await expect(verifyWorldlinePayment({ txnId: 'T1' }, messages)).resolves.toEqual({
      success: false,
      message: MSG.notFound,
    });
  });
});
