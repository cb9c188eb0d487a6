import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ACCOUNTS_ROLES,
  financialYearQuerySchema,
  idParamsSchema,
  memberPanSchema,
  registration80gSchema,
  updateMemberPanSchema,
  updateRegistration80gSchema,
} from '@parish/shared';

import { errorAnswers } from '../../lib/route-options.ts';
import { sendHtml } from '../../lib/send-html.ts';
import { form10bdCsv, form10beHtml } from './form-10bd.ts';
import { getMemberPan, setMemberPan } from './member-pan.ts';
import { readRegistration80g, updateRegistration80g } from './registration-80g.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** Who may download Form 10BD and 10BE (decision 0148): the roles of the accounts exports (admin, accountant). */
const EXPORT_ROLES = ACCOUNTS_ROLES;

/**
 * Donations under section 80G (issue 30 item 8, decision 0148; `docs/domain.md`, "Donations under
 * section 80G"): `GET|PUT /api/admin/registration-80g` (admin): the trust's 80G registration;
 * `GET /api/members/{id}/pan` (admin in full, cashier masked) and `PUT /api/members/{id}/pan`
 * (admin): the donor's PAN; `GET /api/accounts/form-10bd.csv?fy=` and
 * `GET /api/accounts/form-10be/{memberId}?fy=` ({@link EXPORT_ROLES}): the year's Form 10BD rows
 * and one donor's Form 10BE details.
 */
export async function donationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/registration-80g',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['settings'],
        summary: "The parish trust's 80G registration: trust name and PAN, URN, validity dates ('' when not set).",
        response: { 200: registration80gSchema, ...errors },
      },
    },
    async (request) => readRegistration80g(request.ctx.db),
  );
  r.put(
    '/api/admin/registration-80g',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['settings'],
        summary:
          "Saves the trust's 80G registration (audited): all fields or none; PAN and URN formats checked, the URN " +
          "starting with the trust's PAN, the validity's end not before its start. 400 otherwise (nothing changes).",
        body: updateRegistration80gSchema,
        response: { 200: registration80gSchema, ...errors },
      },
    },
    async (request) => updateRegistration80g(request.ctx, request.body),
  );
  r.get(
    '/api/members/:id/pan',
    {
      config: { roles: ['admin', 'cashier'] },
      schema: {
        tags: ['members'],
        summary: "A member's PAN as a donor: in full for an admin, masked (ABCPE****F) for a cashier; null when none.",
        params: idParamsSchema,
        response: { 200: memberPanSchema, ...errors },
      },
    },
    async (request) => getMemberPan(request.ctx, request.params.id),
  );
  r.put(
    '/api/members/:id/pan',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['members'],
        summary:
          "Sets (or, blank, removes) a member's PAN (audited, masked): 5 letters with the holder type 4th, 4 digits, " +
          'a letter. 400 with the reason otherwise (nothing changes).',
        params: idParamsSchema,
        body: updateMemberPanSchema,
        response: { 200: memberPanSchema, ...errors },
      },
    },
    async (request) => setMemberPan(request.ctx, request.params.id, request.body.pan),
  );
  r.get(
    '/api/accounts/form-10bd.csv',
    {
      config: { roles: EXPORT_ROLES },
      schema: {
        tags: ['accounts'],
        summary:
          'The Form 10BD rows of a financial year (fy=2026-27) as CSV: per donor, donation type and mode of receipt, ' +
          'rupees to the paisa; cash above ₹2,000 flagged not eligible. 409 without an 80G registration.',
        querystring: financialYearQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await form10bdCsv(request.ctx, request.query.fy);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  r.get(
    '/api/accounts/form-10be/:id',
    {
      config: { roles: EXPORT_ROLES },
      schema: {
        tags: ['accounts'],
        summary:
          "One donor's Form 10BE details for a financial year (fy=2026-27) as a printable page: trust, URN, donor " +
          'name, address and PAN, amounts by type and mode, the receipts counted. 409 without an 80G registration.',
        params: idParamsSchema,
        querystring: financialYearQuerySchema,
        produces: ['text/html'],
        response: { 200: z.string().meta({ description: 'HTML document' }), ...errors },
      },
    },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const html = await form10beHtml(request.ctx, { memberId: request.params.id, fy: request.query.fy, nonce });
      return sendHtml(reply, html, nonce);
    },
  );
}
