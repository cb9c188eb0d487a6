import { idParamsSchema, successSchema } from '../schemas/common.ts';
import {
  paymentHeadInputSchema,
  paymentHeadListQuerySchema,
  paymentHeadListSchema,
  paymentHeadSchema,
  paymentHeadUpdateSchema,
} from '../schemas/payment-heads.ts';
import { defineContract } from './contract.ts';

/** Payment heads (docs/domain.md, "§3 Data"; "§5 Validation", "Account head form"). Amounts in rupees. */
export const paymentHeadContracts = {
  /** `GET /api/payment-heads`: every active head with its collected and outstanding figures. */
  list: defineContract({
    method: 'GET',
    path: '/api/payment-heads',
    query: paymentHeadListQuerySchema,
    output: paymentHeadListSchema,
  }),
  /** `POST /api/payment-heads`: a new head (201). */
  create: defineContract({
    method: 'POST',
    path: '/api/payment-heads',
    body: paymentHeadInputSchema,
    output: paymentHeadSchema,
  }),
  /** `PUT /api/payment-heads/:id`: edits a head; its amount cannot change. */
  update: defineContract({
    method: 'PUT',
    path: '/api/payment-heads/:id',
    params: idParamsSchema,
    body: paymentHeadUpdateSchema,
    output: paymentHeadSchema,
  }),
  /** `DELETE /api/payment-heads/:id`: 409 while any of its payments is paid. */
  remove: defineContract({
    method: 'DELETE',
    path: '/api/payment-heads/:id',
    params: idParamsSchema,
    output: successSchema,
  }),
};
