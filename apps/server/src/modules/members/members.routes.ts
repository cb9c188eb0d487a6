import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  errorBodySchema,
  idParamsSchema,
  listSchema,
  memberCredentialsSchema,
  memberInputSchema,
  memberListQuerySchema,
  memberSchema,
  successSchema,
} from '@parish/shared';

import {
  createMember,
  deactivateMember,
  getMember,
  listMembers,
  updateMember,
  viewMemberCredentials,
} from './members.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * The member register (`api-contract.md`, "Members, payment heads, payments"): staff read,
 * admins write; the Login Credentials view is admin only and audited.
 */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };
  const admin = { roles: ['admin'] as const };

  r.get(
    '/api/members',
    {
      config: staff,
      schema: {
        tags: ['members'],
        summary: 'Active members, one page: search by name, mobile, parish number or location; sort by a column.',
        querystring: memberListQuerySchema,
        response: { 200: listSchema(memberSchema), ...errors },
      },
    },
    async (request) => listMembers(app.db, request.query),
  );
  r.get(
    '/api/members/:id',
    {
      config: staff,
      schema: {
        tags: ['members'],
        summary: 'One member (also a deactivated one), with the ids of the heads assigned.',
        params: idParamsSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => getMember(app.db, request.params.id),
  );
  r.post(
    '/api/members',
    {
      config: admin,
      schema: {
        tags: ['members'],
        summary:
          'Adds a member; the password is the initial one (first 4 letters of the name + last 4 digits of the mobile).',
        body: memberInputSchema,
        response: { 201: memberSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createMember(app, request, request.body)),
  );
  r.put(
    '/api/members/:id',
    {
      config: admin,
      schema: {
        tags: ['members'],
        summary: 'Replaces a member’s editable fields (same validation as create).',
        params: idParamsSchema,
        body: memberInputSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => updateMember(app, request, request.params.id, request.body),
  );
  r.delete(
    '/api/members/:id',
    {
      config: admin,
      schema: {
        tags: ['members'],
        summary:
          'Deactivates a member: hidden from lists, sessions ended, pending assignments revoked, paid history kept.',
        params: idParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await deactivateMember(app, request, request.params.id);
      return { success: true as const };
    },
  );
  r.get(
    '/api/admin/members/:id/credentials',
    {
      config: admin,
      schema: {
        tags: ['members'],
        summary: 'A member’s sign-in username and, while unchanged, initial password (admin only; audited).',
        params: idParamsSchema,
        response: { 200: memberCredentialsSchema, ...errors },
      },
    },
    async (request) => viewMemberCredentials(app, request, request.params.id),
  );
}
