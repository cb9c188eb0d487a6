import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  consentBodySchema,
  createCustomerOrderInputSchema,
  currentRoundSchema,
  idSchema,
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
  worldlineOrderSchema,
} from '@parish/shared';

import { actorOf } from '../../context.ts';
import { errorAnswers, jsonRoute } from '../../lib/route-options.ts';
import { memberConsent, setConsent, setMyConsent } from './consent.service.ts';
import { sendHtml } from '../../lib/send-html.ts';
import { sendPdf } from '../../lib/send-pdf.ts';
import { payLinkOrder, payLinkOutcome, payView, revokePayLinks } from './pay-links.service.ts';
import { receiptHtmlByLink, receiptPdfByLink } from './receipt-links.service.ts';
import { statementPdfByLink } from './statement-links.service.ts';
import {
  currentRound,
  memberWaMeLink,
  receiptWaMeLink,
  optedOutMembers,
  setWhatsAppOptOut,
  whatsAppOptOutStatus,
  startRound,
  tickRoundItem,
} from './wa-me.service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const admin = { roles: ['admin'] as const };
const staff = { roles: ['admin', 'cashier'] as const };
const idParams = z.object({ id: idSchema });
/** The OpenAPI tag and a summary of these routes. */
const doc = (summary: string) => ({ tag: 'payment links', summary });

/**
 * Payment links without a password and WhatsApp without the Cloud API (`docs/domain.md`, §9
 * "Payment links without a password", "WhatsApp without the Cloud API", "Opting out"):
 * - `GET /api/pay/:mobile/:token`, `POST /api/pay/:mobile/:token/order`,
 *   `GET /api/pay/:mobile/:token/transactions/:txnId` (public, the link is the key);
 * - `GET /api/receipt-links/:token` and `/api/receipt-links/:token/pdf` (public): a receipt by its signed link, as HTML or PDF;
 * - `GET /api/statement-links/:token/pdf` (public): a yearly statement by its signed link (decision 0143);
 * - `GET /api/members/:id/whatsapp-link`, `GET /api/receipts/:id/whatsapp-link` (admin, cashier);
 * - walk-through rounds, opt-out and revocation (admin); the WhatsApp settings are the settings
 *   module's (`settingsRoutes`).
 */
export async function whatsAppLinksRoutes(app: FastifyInstance): Promise<void> {
  payRoutes(app);
  staffRoutes(app);
  adminRoutes(app);
  consentRoutes(app);
}

function payRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/pay/:mobile/:token',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['payment links'],
        summary:
          "A payment link's pay-only view: the member's first name and pending dues, nothing else. 404 " +
          'PAY_LINK_INVALID (tampered, revoked) or PAY_LINK_EXPIRED; 403 PAY_LINKS_OFF.',
        params: payLinkParamsSchema,
        response: { 200: payViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payView(request.ctx, request.params);
    },
  );
  r.post(
    '/api/pay/:mobile/:token/order',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['payment links'],
        summary:
          "The normal online order (as POST /api/worldline/create-customer-order) for the payment link's member; " +
          'the link is checked first (404 PAY_LINK_INVALID / PAY_LINK_EXPIRED, 403 PAY_LINKS_OFF).',
        params: payLinkParamsSchema,
        body: createCustomerOrderInputSchema,
        response: { 200: worldlineOrderSchema, ...errors },
      },
    },
    async (request) => payLinkOrder(request.ctx, { ...request.params, order: request.body }),
  );
  r.get(
    '/api/pay/:mobile/:token/transactions/:txnId',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['payment links'],
        summary:
          'The outcome of a payment made through the link (decision 0140): status, message, amount in rupees and, once paid, ' +
          'the receipts with their signed receipt-link tokens. A pending one is re-checked with the gateway first. Only the ' +
          "link's member's transactions: 404 TRANSACTION_NOT_FOUND for another's or an unknown one; the link as GET /api/pay/:mobile/:token.",
        params: payLinkTxnParamsSchema,
        response: { 200: payLinkOutcomeSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payLinkOutcome(request.ctx, request.params);
    },
  );
  r.get(
    '/api/receipt-links/:token',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['payment links'],
        summary: 'The printable receipt a signed receipt link names (text/html); 404 PAY_LINK_INVALID when tampered.',
        params: z.object({ token: z.string().max(200) }),
        produces: ['text/html'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      return sendHtml(reply, await receiptHtmlByLink(request.ctx, { token: request.params.token, nonce }), nonce);
    },
  );
  r.get(
    '/api/receipt-links/:token/pdf',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['payment links'],
        summary:
          'The receipt a signed receipt link names as a PDF (application/pdf; layout a5 or 80mm, lang en, ml, hi or ta, ' +
          "default the member's); 400 for a bad layout or lang; 404 PAY_LINK_INVALID when tampered.",
        params: z.object({ token: z.string().max(200) }),
        querystring: z.object({ layout: z.string().max(20).optional(), lang: z.string().max(20).optional() }),
        produces: ['application/pdf'],
        response: { 200: z.any().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf, receiptNumber } = await receiptPdfByLink(request.ctx, {
        token: request.params.token,
        ...request.query,
      });
      return sendPdf(reply, pdf, `receipt-${receiptNumber ?? 'link'}.pdf`);
    },
  );
  r.get(
    '/api/statement-links/:token/pdf',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['payment links'],
        summary:
          "The yearly statement a signed statement link names as a PDF (application/pdf, Statement-<FY>.pdf; decision 0143): the link binds the parish, member and financial year and expires; lang en, ml, hi or ta (the member's). " +
          '400 for a bad lang; 404 PAY_LINK_INVALID when tampered or of another parish, PAY_LINK_EXPIRED past its expiry.',
        params: z.object({ token: z.string().max(200) }),
        querystring: z.object({ lang: z.string().max(20).optional() }),
        produces: ['application/pdf'],
        response: { 200: z.any().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await statementPdfByLink(request.ctx, {
        token: request.params.token,
        lang: request.query.lang,
      });
      return sendPdf(reply, pdf, fileName);
    },
  );
}

function staffRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/members/:id/whatsapp-link',
    jsonRoute(
      // A ward leader sends their own ward's members' reminders (decision 0129).
      { roles: ['admin', 'cashier', 'ward_leader'] as const },
      doc("A member's reminder as a wa.me link with their payment link; 409 MEMBER_OPTED_OUT."),
      { params: idParams },
      waMeLinkSchema,
      errors,
    ),
    async (request) => memberWaMeLink(request.ctx, { memberId: request.params.id }),
  );
  r.get(
    '/api/receipts/:id/whatsapp-link',
    jsonRoute(
      staff,
      doc("A wa.me message to the receipt's member with a signed link to the receipt; 409 MEMBER_OPTED_OUT."),
      { params: idParams },
      waMeLinkSchema,
      errors,
    ),
    async (request) => receiptWaMeLink(request.ctx, { receiptId: request.params.id }),
  );
}

function adminRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/reminders/rounds/current',
    jsonRoute(admin, doc('The current walk-through round, or null.'), {}, currentRoundSchema, errors),
    async (request) => currentRound(request.ctx),
  );
  r.post(
    '/api/admin/reminders/rounds',
    jsonRoute(
      admin,
      doc(
        'Starts a walk-through round: every active member with pending dues who has not opted out; with wardId, only that ward’s.',
      ),
      { querystring: startRoundSchema },
      currentRoundSchema,
      errors,
    ),
    async (request) => startRound(request.ctx, request.query),
  );
  r.post(
    '/api/admin/reminders/rounds/:id/items/:deliveryId/sent',
    {
      config: admin,
      schema: {
        tags: ['payment links'],
        summary: 'Ticks a member of a walk-through round as sent.',
        params: roundItemParamsSchema,
        response: { 200: roundItemSchema, ...errors },
      },
    },
    async (request) =>
      tickRoundItem(request.ctx, { roundId: request.params.id, deliveryId: request.params.deliveryId }),
  );
  r.put(
    '/api/admin/members/:id/whatsapp-opt-out',
    {
      config: admin,
      schema: {
        tags: ['payment links'],
        summary: "Sets or clears a member's WhatsApp opt-out (every reminder path skips them).",
        params: idParams,
        body: optOutBodySchema,
        response: { 200: optOutBodySchema, ...errors },
      },
    },
    async (request) => setWhatsAppOptOut(request.ctx, { memberId: request.params.id, optOut: request.body.optOut }),
  );
  r.get(
    '/api/admin/members/:id/whatsapp-opt-out',
    {
      config: admin,
      schema: {
        tags: ['payment links'],
        summary: "A member's WhatsApp opt-out and its latest change: when, by STOP reply or by which admin.",
        params: idParams,
        response: { 200: optOutStatusSchema, ...errors },
      },
    },
    async (request) => whatsAppOptOutStatus(request.ctx, request.params.id),
  );
  r.get(
    '/api/admin/reminders/opted-out',
    {
      config: admin,
      schema: {
        tags: ['payment links'],
        summary: 'The active members with pending dues who opted out of WhatsApp (first 100, by name).',
        response: { 200: optedOutMembersSchema, ...errors },
      },
    },
    async (request) => optedOutMembers(request.ctx),
  );
  r.post(
    '/api/admin/members/:id/revoke-pay-links',
    {
      config: admin,
      schema: {
        tags: ['payment links'],
        summary: 'Revokes every payment link of the member issued so far.',
        params: idParams,
        response: { 200: z.object({ payLinkVersion: z.number().int() }), ...errors },
      },
    },
    async (request) => revokePayLinks(request.ctx, { memberId: request.params.id }),
  );
}

/**
 * A member's consent to WhatsApp messages the parish starts (decision 0138): the member reads,
 * gives and withdraws it in the portal; an admin records consent given at the parish office.
 */
function consentRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/members/:id/whatsapp-consent',
    {
      config: admin,
      schema: {
        tags: ['payment links'],
        summary:
          'Records that the member agreed to WhatsApp messages at the parish office (method counter, decision 0138); ' +
          'clears their opt-out.',
        params: idParams,
        response: { 200: whatsAppConsentSchema, ...errors },
      },
    },
    async (request) => setConsent(request.ctx, { memberId: request.params.id, given: true, method: 'counter' }),
  );
  r.get(
    '/api/customer/whatsapp-consent',
    {
      config: { roles: ['customer'] },
      schema: {
        tags: ['portal'],
        summary: "The signed-in member's consent to WhatsApp messages: when and how given, when withdrawn.",
        response: { 200: whatsAppConsentSchema, ...errors },
      },
    },
    async (request) => memberConsent(request.ctx, actorOf(request.ctx).id),
  );
  r.put(
    '/api/customer/whatsapp-consent',
    {
      config: { roles: ['customer'] },
      schema: {
        tags: ['portal'],
        summary:
          'The member gives (given true) or withdraws (false) consent to WhatsApp messages the parish starts; ' +
          'withdrawing opts them out of every reminder.',
        body: consentBodySchema,
        response: { 200: whatsAppConsentSchema, ...errors },
      },
    },
    async (request) => setMyConsent(request.ctx, request.body.given),
  );
}
