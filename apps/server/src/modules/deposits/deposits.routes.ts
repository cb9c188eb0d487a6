import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ACCOUNTS_ROLES,
  createDepositInputSchema,
  depositListQuerySchema,
  depositListSchema,
  depositSchema,
  errorBodySchema,
  idParamsSchema,
  pendingDepositsSchema,
} from '@parish/shared';

import { sendHtml } from '../../lib/send-html.ts';
import { createDeposit, depositSlipHtml, getDeposit, listDeposits, listPendingDeposits } from './deposits.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * Bank deposits (`docs/domain.md`, "Bank deposits"; decision 0147), for `ACCOUNTS_ROLES` (admin and
 * accountant, decision 0145): `GET /api/deposits/pending` (the "Not yet deposited" list, also for a
 * cashier, who sees their own days), `POST /api/deposits` (record a
 * pay-in slip), `GET /api/deposits` (slips by date and slip number), `GET /api/deposits/{id}` and
 * its printable slip `GET /api/deposits/{id}/print`. Amounts on the wire are rupees.
 */
export async function depositsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const accounts = { roles: ACCOUNTS_ROLES };
  const tags = ['deposits'];

  r.get(
    '/api/deposits/pending',
    {
      config: { roles: [...ACCOUNTS_ROLES, 'cashier'] as const },
      schema: {
        tags,
        summary:
          'Not yet deposited: per cashier and closed day, the net cash on no slip and the cheques still received, ' +
          'with totals (rupees). A cashier sees their own days.',
        response: { 200: pendingDepositsSchema, ...errors },
      },
    },
    async (request) => listPendingDeposits(request.ctx),
  );

  r.post(
    '/api/deposits',
    {
      config: accounts,
      schema: {
        tags,
        summary:
          'Records a bank deposit (pay-in slip): bank account, date, slip number, the closed days whose cash and the ' +
          'cheques it holds; each day and cheque on one slip only (409 ALREADY_DEPOSITED).',
        body: createDepositInputSchema,
        response: { 200: depositSchema, ...errors },
      },
    },
    async (request) => createDeposit(request.ctx, request.body),
  );

  r.get(
    '/api/deposits',
    {
      config: accounts,
      schema: {
        tags,
        summary: 'Recorded deposits, newest first, by deposit date (from, to) and slip number.',
        querystring: depositListQuerySchema,
        response: { 200: depositListSchema, ...errors },
      },
    },
    async (request) => listDeposits(request.ctx, request.query),
  );

  r.get(
    '/api/deposits/:id',
    {
      config: accounts,
      schema: {
        tags,
        summary: 'One deposit with its days and cheques.',
        params: idParamsSchema,
        response: { 200: depositSchema, ...errors },
      },
    },
    async (request) => getDeposit(request.ctx, request.params.id),
  );

  r.get(
    '/api/deposits/:id/print',
    {
      config: accounts,
      schema: {
        tags,
        summary: 'The printable pay-in slip of a deposit (text/html).',
        params: idParamsSchema,
        produces: ['text/html'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      return sendHtml(reply, await depositSlipHtml(request.ctx, request.params.id, nonce), nonce);
    },
  );
}
