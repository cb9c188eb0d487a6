import { idParamsSchema } from '../schemas/common.ts';
import {
  applyRefundInputSchema,
  cancelCheckoutsInputSchema,
  cancelCheckoutsResultSchema,
  markRefundedInputSchema,
  refundActionResultSchema,
  refundListQuerySchema,
  refundListSchema,
  refundSummarySchema,
  voidTestPaymentsResultSchema,
} from '../schemas/refunds.ts';
import { defineContract } from './contract.ts';

/** The refunds and exceptions queue (`docs/domain.md`, §4 "Refunds and exceptions"). */
export const refundContracts = {
  /** `GET /api/admin/refunds` (admin, cashier read-only): the queue and the open totals. */
  list: defineContract({
    method: 'GET',
    path: '/api/admin/refunds',
    query: refundListQuerySchema,
    output: refundListSchema,
  }),
  /** `GET /api/admin/refunds/summary` (staff): "Refunds pending: n, ₹x". */
  summary: defineContract({ method: 'GET', path: '/api/admin/refunds/summary', output: refundSummarySchema }),
  /** `POST /api/admin/refunds/:id/refunded` (admin): records a refund made in the gateway's dashboard. */
  refunded: defineContract({
    method: 'POST',
    path: '/api/admin/refunds/:id/refunded',
    params: idParamsSchema,
    body: markRefundedInputSchema,
    output: refundActionResultSchema,
  }),
  /** `POST /api/admin/refunds/:id/apply` (admin): applies the money to another due of the member. */
  apply: defineContract({
    method: 'POST',
    path: '/api/admin/refunds/:id/apply',
    params: idParamsSchema,
    body: applyRefundInputSchema,
    output: refundActionResultSchema,
  }),
  /** `POST /api/admin/test-payments/void` (admin): voids every sandbox payment before going live. */
  voidTestPayments: defineContract({
    method: 'POST',
    path: '/api/admin/test-payments/void',
    output: voidTestPaymentsResultSchema,
  }),
};

/** The member's own checkouts in progress (`docs/domain.md`, §4 "Retry after an abandoned checkout"). */
export const checkoutContracts = {
  /** `POST /api/customer/checkouts/cancel` (member): gives up the pending checkouts of these dues. */
  cancel: defineContract({
    method: 'POST',
    path: '/api/customer/checkouts/cancel',
    body: cancelCheckoutsInputSchema,
    output: cancelCheckoutsResultSchema,
  }),
};
