import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  errorBodySchema,
  idParamsSchema,
  memberListSchema,
  memberCredentialsSchema,
  memberInputSchema,
  memberImportBodySchema,
  memberImportPreviewSchema,
  memberImportResultSchema,
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
import { importMembers, previewMemberImport } from './members-import.service.ts';
import { assertMemberInCallerWard } from './wards.service.ts';

/**
 * Body limit of the bulk import: 10,000 rows of a parish export are about 2 MB of JSON; 8 MB
 * leaves room for long addresses while still refusing absurd uploads with a 413.
 */
const MEMBER_IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * The member register (`docs/domain.md`, §7 "Routes" and "Shapes the specification leaves open"): staff read
 * (a ward leader only their ward's members, decision 0129), admins write; the Login Credentials view is admin only and audited.
 */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A ward leader reads their own ward's members only; another's answers 404 (decision 0129).
  const readers = { roles: ['admin', 'cashier', 'ward_leader'] as const };
  const admin = { roles: ['admin'] as const };

  r.get(
    '/api/members',
    {
      config: readers,
      schema: {
        tags: ['members'],
        summary:
          'Active members, one page: search by name, mobile, parish number or location; sort by a column. The total is counted up to 1,000 (or the end of the page asked): past it, total is that cap and totalIsLowerBound is true.',
        querystring: memberListQuerySchema,
        response: { 200: memberListSchema, ...errors },
      },
    },
    async (request) => listMembers(request.ctx, request.query),
  );
  r.get(
    '/api/members/:id',
    {
      config: readers,
      schema: {
        tags: ['members'],
        summary: 'One member (also a deactivated one), with the ids of the heads assigned.',
        params: idParamsSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => {
      await assertMemberInCallerWard(request.ctx, request.params.id);
      return getMember(request.ctx.db, request.params.id);
    },
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
    async (request, reply) => reply.status(201).send(await createMember(request.ctx, request.body)),
  );
  importRoutes(app);
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
    async (request) => updateMember(request.ctx, request.params.id, request.body),
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
      await deactivateMember(request.ctx, request.params.id);
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
    async (request) => viewMemberCredentials(request.ctx, request.params.id),
  );
}

/**
 * The member import routes of {@link membersRoutes} (admin): the import and its dry run
 * (`docs/domain.md`, §5 "Member CSV import"; decision 0110).
 */
function importRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { roles: ['admin'] as const };
  /**
   * `POST /api/members/bulk` (admin): member CSV import (`docs/domain.md`, §5 "Member CSV import").
   * Body `{ members: raw rows }` (1 to 10,000, strings as the file had them); answer `{ success,
   * imported, errors: [{ row, message }], members }`. Bad rows are skipped with their message, the
   * rest is imported. 400 when the body is not that shape (e.g. over 10,000 rows); 413 above 8 MB.
   */
  r.post(
    '/api/members/bulk',
    {
      config: admin,
      bodyLimit: MEMBER_IMPORT_BODY_LIMIT,
      schema: {
        tags: ['members'],
        summary:
          'Imports members from CSV rows: each row checked like the member form; duplicates and bad rows skipped with a row message.',
        body: memberImportBodySchema,
        response: { 200: memberImportResultSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => importMembers(request.ctx, request.body),
  );
  /**
   * `POST /api/members/bulk/preview` (admin): the dry run of a member import (decision 0110). Same
   * body as `/api/members/bulk`; answers the rows to create, the rows already present, the
   * mismatches (a parish number held by a member whose name or mobile differs) and the other
   * skipped rows. Writes nothing. 400 and 413 as the import.
   */
  r.post(
    '/api/members/bulk/preview',
    {
      config: admin,
      bodyLimit: MEMBER_IMPORT_BODY_LIMIT,
      schema: {
        tags: ['members'],
        summary:
          'Dry run of a member import: rows to create, rows already present, mismatches with the member holding the parish number, and skipped rows; writes nothing.',
        body: memberImportBodySchema,
        response: { 200: memberImportPreviewSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => previewMemberImport(request.ctx, request.body),
  );
}
