import { receiptCheckParamsSchema, receiptCheckSchema } from '../schemas/receipt-check.ts';
import { defineContract } from './contract.ts';

/** A receipt anyone can check (issue 29 item 7; `docs/decisions/0137-receipt-check-links.md`). */
export const receiptCheckContracts = {
  /**
   * `GET /api/receipt-check/:token` (no sign-in): whether the receipt a check link names is
   * genuine and whether it was voided, with the member's initials only; 404 for an unknown token.
   */
  check: defineContract({
    method: 'GET',
    path: '/api/receipt-check/:token',
    params: receiptCheckParamsSchema,
    output: receiptCheckSchema,
  }),
};
