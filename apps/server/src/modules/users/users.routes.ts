import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createStaffUserSchema,
  errorBodySchema,
  idParamsSchema,
  staffUserSchema,
  updateStaffUserSchema,
} from '@parish/shared';

import { createStaffUser, listStaffUsers, updateStaffUser } from './users.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Staff accounts (`docs/domain.md`, §6 "Staff accounts"): list, create, update or reset, deactivate. Admin only. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: ['admin'] as const };
  r.get(
    '/api/admin/users',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Every staff account (never password hashes).',
        response: { 200: z.object({ items: z.array(staffUserSchema), total: z.number() }), ...errors },
      },
    },
    async (request) => {
      const items = await listStaffUsers(request.ctx);
      return { items, total: items.length };
    },
  );
  r.post(
    '/api/admin/users',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Creates a cashier or admin account.',
        body: createStaffUserSchema,
        response: { 201: staffUserSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createStaffUser(request.ctx, request.body)),
  );
  r.put(
    '/api/admin/users/:id',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Renames, changes role, resets the password or reactivates a staff account.',
        params: idParamsSchema,
        body: updateStaffUserSchema,
        response: { 200: staffUserSchema, ...errors },
      },
    },
    async (request) => updateStaffUser(request.ctx, request.params.id, request.body),
  );
  r.delete(
    '/api/admin/users/:id',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Deactivates a staff account (its sessions end; history stays).',
        params: idParamsSchema,
        response: { 200: staffUserSchema, ...errors },
      },
    },
    async (request) => updateStaffUser(request.ctx, request.params.id, { isActive: false }),
  );
}
