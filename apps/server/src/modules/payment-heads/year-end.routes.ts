import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  errorBodySchema,
  rolloverInputSchema,
  rolloverPreviewQuerySchema,
  rolloverSummarySchema,
} from '@parish/shared';

import { previewRollover, rolloverHeads } from './year-end.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/**
 * The year-end roll-over (`docs/domain.md`, §4 "Year-end roll-over"), admin only: the preview and
 * the move of a year's current-due heads to arrears. Amounts in rupees; registered by
 * `paymentHeadsRoutes`.
 */
export async function yearEndRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { roles: ['admin'] as const };
  r.get(
    '/api/payment-heads/rollover',
    {
      config: admin,
      schema: {
        tags: ['payment-heads'],
        summary:
          'Year-end roll-over preview: every current-due head of the year with its unpaid members and amount (rupees), the distinct members and the total.',
        querystring: rolloverPreviewQuerySchema,
        response: { 200: rolloverSummarySchema, ...errors },
      },
    },
    async (request) => previewRollover(request.ctx, request.query),
  );
  r.post(
    '/api/payment-heads/rollover',
    {
      config: admin,
      schema: {
        tags: ['payment-heads'],
        summary:
          'Moves the chosen current-due heads of a year to arrears with all their payments; answers the figures moved. 400 when a head is not a current due of the year.',
        body: rolloverInputSchema,
        response: { 200: rolloverSummarySchema, ...errors },
      },
    },
    async (request) => rolloverHeads(request.ctx, request.body),
  );
}
