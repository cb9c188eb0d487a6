import { idParamsSchema } from '../schemas/common.ts';
import { paymentRecordSchema } from '../schemas/collections.ts';
import {
  concessionInputSchema,
  rolloverInputSchema,
  rolloverPreviewQuerySchema,
  rolloverSummarySchema,
} from '../schemas/year-end.ts';
import { defineContract } from './contract.ts';

/** The admin's year-end tools (docs/domain.md, §4 "Year-end roll-over" and "Concessions"). Amounts in rupees. */
export const yearEndContracts = {
  /** `GET /api/payment-heads/rollover?year=`: what moving the year's current dues to arrears would move. */
  rolloverPreview: defineContract({
    method: 'GET',
    path: '/api/payment-heads/rollover',
    query: rolloverPreviewQuerySchema,
    output: rolloverSummarySchema,
  }),
  /** `POST /api/payment-heads/rollover`: moves the chosen current-due heads of the year to arrears. */
  rollover: defineContract({
    method: 'POST',
    path: '/api/payment-heads/rollover',
    body: rolloverInputSchema,
    output: rolloverSummarySchema,
  }),
  /** `POST /api/payments/:id/concession`: lowers or waives a pending due. */
  concession: defineContract({
    method: 'POST',
    path: '/api/payments/:id/concession',
    params: idParamsSchema,
    body: concessionInputSchema,
    output: paymentRecordSchema,
  }),
};
