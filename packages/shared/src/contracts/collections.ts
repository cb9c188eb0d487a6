import { z } from 'zod';

import {
  cashierCollectionsQuerySchema,
  cashierCollectionsSchema,
  collectPaymentInputSchema,
  collectResultSchema,
  memberPaymentsSchema,
  reverseResultSchema,
} from '../schemas/collections.ts';
import { idParamsSchema } from '../schemas/common.ts';
import { defineContract } from './contract.ts';

/** Collections at the office, reversals and receipts (docs/domain.md, "§4 Payment rules", "§8 Receipts"). */
export const collectionContracts = {
  /** `POST /api/payments/:id/collect`: a staff collection of a pending payment (amount in rupees). */
  collect: defineContract({
    method: 'POST',
    path: '/api/payments/:id/collect',
    params: idParamsSchema,
    body: collectPaymentInputSchema,
    output: collectResultSchema,
  }),
  /** `PUT /api/payments/:id/reverse` (admin): a direct collection made pending again. */
  reverse: defineContract({
    method: 'PUT',
    path: '/api/payments/:id/reverse',
    params: idParamsSchema,
    output: reverseResultSchema,
  }),
  /** `GET /api/payments/:id/receipt`: the printable receipt of a paid payment, an HTML document. */
  receipt: defineContract({
    method: 'GET',
    path: '/api/payments/:id/receipt',
    params: idParamsSchema,
    output: z.string(),
    answer: 'text',
  }),
  /** `GET /api/cashier/collections`: the signed-in cashier's own collections, one page and the total. */
  cashierCollections: defineContract({
    method: 'GET',
    path: '/api/cashier/collections',
    query: cashierCollectionsQuerySchema,
    output: cashierCollectionsSchema,
  }),
  /** `GET /api/collections/members/:id/payments`: one member's payments with paid, pending and total. */
  memberPayments: defineContract({
    method: 'GET',
    path: '/api/collections/members/:id/payments',
    params: idParamsSchema,
    output: memberPaymentsSchema,
  }),
};
