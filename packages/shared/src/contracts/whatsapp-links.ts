import { z } from 'zod';

import { createCustomerOrderInputSchema, worldlineOrderSchema } from '../schemas/gateways.ts';
import {
  consentBodySchema,
  currentRoundSchema,
  optedOutMembersSchema,
  optOutBodySchema,
  optOutStatusSchema,
  payLinkOutcomeSchema,
  payLinkParamsSchema,
  payLinkTxnParamsSchema,
  payViewSchema,
  roundItemParamsSchema,
  roundItemSchema,
  startRoundSchema,
  waMeLinkSchema,
  whatsAppConsentSchema,
  whatsAppSettingsSchema,
} from '../schemas/whatsapp-links.ts';
import { idSchema } from '../schemas/common.ts';
import { defineContract } from './contract.ts';

const idParams = z.object({ id: idSchema });

/**
 * WhatsApp without the Cloud API and payment links without a password (`docs/domain.md`, §9
 * "Payment links without a password" and "WhatsApp without the Cloud API").
 */
export const whatsAppLinkContracts = {
  /** `GET /api/pay/:mobile/:token` (no sign-in): the pay-only view. */
  payView: defineContract({
    method: 'GET',
    path: '/api/pay/:mobile/:token',
    params: payLinkParamsSchema,
    output: payViewSchema,
  }),
  /** `POST /api/pay/:mobile/:token/order` (no sign-in): the normal online order, for the link's member. */
  payOrder: defineContract({
    method: 'POST',
    path: '/api/pay/:mobile/:token/order',
    params: payLinkParamsSchema,
    body: createCustomerOrderInputSchema,
    output: worldlineOrderSchema,
  }),
  /** `GET /api/pay/:mobile/:token/transactions/:txnId` (no sign-in): a link payment's outcome and receipts. */
  payOutcome: defineContract({
    method: 'GET',
    path: '/api/pay/:mobile/:token/transactions/:txnId',
    params: payLinkTxnParamsSchema,
    output: payLinkOutcomeSchema,
  }),
  /** `GET /api/members/:id/whatsapp-link` (staff): the member's wa.me reminder. */
  memberLink: defineContract({
    method: 'GET',
    path: '/api/members/:id/whatsapp-link',
    params: idParams,
    output: waMeLinkSchema,
  }),
  /** `GET /api/receipts/:id/whatsapp-link` (staff): the wa.me message with a signed link to a receipt. */
  receiptLink: defineContract({
    method: 'GET',
    path: '/api/receipts/:id/whatsapp-link',
    params: idParams,
    output: waMeLinkSchema,
  }),
  /** `GET /api/admin/reminders/rounds/current`: the walk-through round. */
  currentRound: defineContract({
    method: 'GET',
    path: '/api/admin/reminders/rounds/current',
    output: currentRoundSchema,
  }),
  /** `POST /api/admin/reminders/rounds`: starts a new walk-through round. */
  startRound: defineContract({
    method: 'POST',
    path: '/api/admin/reminders/rounds',
    query: startRoundSchema,
    output: currentRoundSchema,
  }),
  /** `POST /api/admin/reminders/rounds/:id/items/:deliveryId/sent`: ticks a member as sent. */
  tickRound: defineContract({
    method: 'POST',
    path: '/api/admin/reminders/rounds/:id/items/:deliveryId/sent',
    params: roundItemParamsSchema,
    output: roundItemSchema,
  }),
  /** `GET /api/admin/whatsapp-settings`. */
  settings: defineContract({ method: 'GET', path: '/api/admin/whatsapp-settings', output: whatsAppSettingsSchema }),
  /** `PUT /api/admin/whatsapp-settings`. */
  updateSettings: defineContract({
    method: 'PUT',
    path: '/api/admin/whatsapp-settings',
    body: whatsAppSettingsSchema,
    output: whatsAppSettingsSchema,
  }),
  /** `PUT /api/admin/members/:id/whatsapp-opt-out`. */
  optOut: defineContract({
    method: 'PUT',
    path: '/api/admin/members/:id/whatsapp-opt-out',
    params: idParams,
    body: optOutBodySchema,
    output: optOutBodySchema,
  }),
  /** `GET /api/admin/members/:id/whatsapp-opt-out`: the opt-out and its latest change. */
  optOutStatus: defineContract({
    method: 'GET',
    path: '/api/admin/members/:id/whatsapp-opt-out',
    params: idParams,
    output: optOutStatusSchema,
  }),
  /** `GET /api/customer/whatsapp-consent`: the signed-in member's consent record (decision 0138). */
  myConsent: defineContract({
    method: 'GET',
    path: '/api/customer/whatsapp-consent',
    output: whatsAppConsentSchema,
  }),
  /** `PUT /api/customer/whatsapp-consent`: the member gives or withdraws consent (withdrawing opts them out). */
  setMyConsent: defineContract({
    method: 'PUT',
    path: '/api/customer/whatsapp-consent',
    body: consentBodySchema,
    output: whatsAppConsentSchema,
  }),
  /** `POST /api/admin/members/:id/whatsapp-consent`: staff record consent the member gave at the counter. */
  recordConsent: defineContract({
    method: 'POST',
    path: '/api/admin/members/:id/whatsapp-consent',
    params: idParams,
    output: whatsAppConsentSchema,
  }),
  /** `GET /api/admin/reminders/opted-out`: members with pending dues who opted out. */
  optedOut: defineContract({ method: 'GET', path: '/api/admin/reminders/opted-out', output: optedOutMembersSchema }),
};
