import {
  createCustomerOrderInputSchema,
  verifyResultSchema,
  worldlineConfigSchema,
  worldlineOrderSchema,
  worldlineVerifyInputSchema,
} from '../schemas/gateways.ts';
import {
  customerPaymentsQuerySchema,
  customerPaymentsSchema,
  customerTransactionsQuerySchema,
  customerTransactionsSchema,
  memberLanguageSchema,
} from '../schemas/portal.ts';
import { defineContract } from './contract.ts';

/** The member portal and its card gateway (docs/domain.md, "§2 Screens" and "§4 Payment rules"). */
export const portalContracts = {
  /** `GET /api/customer/payments`: the member's pending or paid payments with the summary figures. */
  payments: defineContract({
    method: 'GET',
    path: '/api/customer/payments',
    query: customerPaymentsQuerySchema,
    output: customerPaymentsSchema,
  }),
  /** `GET /api/customer/transactions`: the member's online transactions, newest first. */
  transactions: defineContract({
    method: 'GET',
    path: '/api/customer/transactions',
    query: customerTransactionsQuerySchema,
    output: customerTransactionsSchema,
  }),
  /** `GET /api/worldline/config`: whether the card gateway is available, and its checkout scripts. */
  worldlineConfig: defineContract({ method: 'GET', path: '/api/worldline/config', output: worldlineConfigSchema }),
  /** `POST /api/worldline/create-customer-order`: an order for the member's chosen payments. */
  createOrder: defineContract({
    method: 'POST',
    path: '/api/worldline/create-customer-order',
    body: createCustomerOrderInputSchema,
    output: worldlineOrderSchema,
  }),
  /** `POST /api/worldline/verify-payment` (no auth): the server verifies and settles a gateway answer. */
  verifyPayment: defineContract({
    method: 'POST',
    path: '/api/worldline/verify-payment',
    body: worldlineVerifyInputSchema,
    output: verifyResultSchema,
  }),
  /** `PUT /api/customer/language`: keeps the member's language on their record for their next sign-in. */
  language: defineContract({
    method: 'PUT',
    path: '/api/customer/language',
    body: memberLanguageSchema,
    output: memberLanguageSchema,
  }),
};
