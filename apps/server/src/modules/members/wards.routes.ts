import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  errorBodySchema,
  idParamsSchema,
  successSchema,
  wardInputSchema,
  wardListSchema,
  wardSchema,
} from '@parish/shared';

import { leaderWardOf } from '../../context.ts';
import { createWard, deleteWard, listWards, renameWard } from './wards.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * The wards of the parish (decision 0126; `docs/domain.md`, "Wards"): staff read them, admins add,
 * rename and delete them; members reach none of these routes. Ward names are trimmed, 1–60
 * characters, unique in the parish case-insensitively (409 `DUPLICATE_WARD`); a ward with members
 * cannot be deleted (409 `WARD_HAS_MEMBERS`).
 */
export async function wardsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A ward leader reads only their own ward (decision 0129).
  const staff = { roles: ['admin', 'cashier', 'ward_leader'] as const };
  const admin = { roles: ['admin'] as const };

  r.get(
    '/api/wards',
    {
      config: staff,
      schema: {
        tags: ['wards'],
        summary: 'Every ward of the parish with its number of active members, sorted by name.',
        response: { 200: wardListSchema, ...errors },
      },
    },
    async (request) => listWards(request.ctx.db, leaderWardOf(request.ctx)),
  );
  r.post(
    '/api/wards',
    {
      config: admin,
      schema: {
        tags: ['wards'],
        summary: 'Adds a ward; 409 when a ward has the name (case-insensitive).',
        body: wardInputSchema,
        response: { 201: wardSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createWard(request.ctx, request.body)),
  );
  r.patch(
    '/api/wards/:id',
    {
      config: admin,
      schema: {
        tags: ['wards'],
        summary: 'Renames a ward; 409 when another ward has the name (case-insensitive).',
        params: idParamsSchema,
        body: wardInputSchema,
        response: { 200: wardSchema, ...errors },
      },
    },
    async (request) => renameWard(request.ctx, request.params.id, request.body),
  );
  r.delete(
    '/api/wards/:id',
    {
      config: admin,
      schema: {
        tags: ['wards'],
        summary: 'Deletes a ward; 409 while members belong to it (move them to another ward first).',
        params: idParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await deleteWard(request.ctx, request.params.id);
      return { success: true as const };
    },
  );
}
