import { z } from 'zod';

import { errorBodySchema, formatPaisePlain, rupeesToPaise } from '@parish/shared';

import type { ReturnAnswer } from './transactions.service.ts';

/** HTTP helpers of the gateway routes: schemas, roles, and answers shared by both gateways. */

/** The error answers of the gateway routes. */
export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};

/** The answer of a route that redirects the browser to the callback page. */
export const redirectSchema = { 303: z.string().meta({ description: 'Redirect to the payment callback page' }) };

/** The route roles of the gateway routes. */
export const roles = {
  open: { roles: 'public' as const },
  customer: { roles: ['customer'] as const },
  ownerOrStaff: { roles: ['admin', 'cashier', 'customer'] as const },
};

/**
 * The callback page's query for a gateway's return (`docs/domain.md`, "Callback states"), with no
 * secret: `txn_id`, `status` success|pending|failed, `status_code` (0300, 0398, the gateway's
 * four-digit failure code, else 0399), `amount` (rupees), `message`, `transaction_id` (the
 * gateway's reference). A refused return is `failed` / `0399` with its message.
 */
export function callbackQuery(answer: ReturnAnswer): URLSearchParams {
  const params = new URLSearchParams();
  const txnId = answer.settled ? answer.result.transactionId : answer.txnId;
  if (txnId) params.set('txn_id', txnId);
  if (!answer.settled) {
    params.set('status', 'failed');
    params.set('status_code', '0399');
    params.set('message', answer.message);
    return params;
  }
  const { result, reference } = answer;
  const status = result.status === 'success' ? 'success' : result.status === 'pending' ? 'pending' : 'failed';
  const code =
    status === 'success'
      ? '0300'
      : status === 'pending'
        ? '0398'
        : result.statusCode && /^\d{4}$/.test(result.statusCode) && result.statusCode !== '0300'
          ? result.statusCode
          : '0399';
  params.set('status', status);
  params.set('status_code', code);
  params.set('amount', formatPaisePlain(rupeesToPaise(result.amount)));
  params.set('message', result.message);
  if (reference) params.set('transaction_id', reference);
  return params;
}
