import { Readable } from 'node:stream';

import {
  changePasswordSchema,
  createParishSchema,
  dioceseAdminSchema,
  dioceseLoginResponseSchema,
  dioceseLoginSchema,
  dioceseParishSchema,
  errorBodySchema,
  inviteParishAdminSchema,
  leviesResponseSchema,
  parishInviteSchema,
  rollupExportQuerySchema,
  rollupQuerySchema,
  rollupResponseSchema,
  setLevySchema,
  ErrorCode,
  MSG,
  type DioceseAdmin,
} from '@parish/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/app-error.ts';
import { changeDiocesePassword, dioceseAdminOf, signInDiocese, signOutDiocese } from './diocese-auth.ts';
import {
  createParish,
  inviteParishAdmin,
  leviesOwed,
  listParishes,
  rollup,
  rollupExport,
  setLevy,
} from './diocese.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** The diocese routes anyone may call: sign-in. */
const OPEN_ROUTES = new Set(['/api/diocese/auth/login']);

/** The diocese administrator of each request, set by the plugin's onRequest hook. */
const admins = new WeakMap<FastifyRequest, DioceseAdmin>();

function adminOf(request: FastifyRequest): DioceseAdmin {
  const admin = admins.get(request);
  if (!admin) throw new Error('diocese route without its administrator');
  return admin;
}

const parishParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const yearQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/**
 * The diocese's routes (issue 28 item 5, decision 0131; `docs/parishes.md`, "The diocese"), all under
 * `/api/diocese/`. Their roles are `'diocese'`, which the parish auth plugin leaves to this plugin's
 * own onRequest hook: it admits only a diocese token (`dioceseAdminOf`: 401 `UNAUTHORIZED` without
 * one; 403 `PASSWORD_CHANGE_REQUIRED` while its password is a one-time password) and answers any
 * parish principal (admin, cashier, member) 403 `FORBIDDEN`. Sign-in is public. A diocese token opens no parish route (its audience is not the parish one). No answer
 * carries a member's name, mobile, e-mail or address.
 */
export async function dioceseRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (OPEN_ROUTES.has(request.routeOptions.url ?? '')) return;
    // A parish principal (the parish auth plugin verified its token) is never a diocese administrator.
    if (request.actor) throw new AppError(ErrorCode.FORBIDDEN, MSG.forbidden);
    admins.set(request, await dioceseAdminOf(app.deps, request));
  });
  signInRoutes(app);
  workRoutes(app);
}

const open = { roles: 'public' as const };
const diocese = { roles: 'diocese' as const };

/** Sign-in, who am I, change password, sign-out. */
function signInRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/diocese/auth/login',
    {
      config: open,
      schema: {
        tags: ['diocese'],
        summary:
          'Diocese administrator sign-in: a bearer token of the diocese kind (8 hours) that no parish route accepts; 401 for a bad pair, 429 while throttled.',
        body: dioceseLoginSchema,
        response: { 200: dioceseLoginResponseSchema, ...errors },
      },
    },
    async (request) => signInDiocese(app.deps, { ...request.body, ip: request.ip }),
  );
  r.get(
    '/api/diocese/auth/me',
    {
      config: diocese,
      schema: {
        tags: ['diocese'],
        summary: 'The signed-in diocese administrator.',
        response: { 200: dioceseAdminSchema, ...errors },
      },
    },
    async (request) => adminOf(request),
  );
  r.post(
    '/api/diocese/auth/change-password',
    {
      config: diocese,
      schema: {
        tags: ['diocese'],
        summary: 'Changes the password (the one-time one too); every older diocese token ends; answers a fresh token.',
        body: changePasswordSchema,
        response: { 200: dioceseLoginResponseSchema, ...errors },
      },
    },
    async (request) => changeDiocesePassword(app.deps, adminOf(request).id, request.body),
  );
  r.post(
    '/api/diocese/auth/logout',
    {
      config: diocese,
      schema: { tags: ['diocese'], summary: 'Ends every diocese session of the account.', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await signOutDiocese(app.deps.db, adminOf(request).id);
      return reply.status(204).send(null);
    },
  );
}

/** Parishes, invitations, roll-ups and levies. */
function workRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/diocese/parishes',
    {
      config: diocese,
      schema: {
        tags: ['diocese'],
        summary: 'Every parish: name, hosts, active staff and member counts (no member data).',
        response: { 200: z.object({ items: z.array(dioceseParishSchema) }), ...errors },
      },
    },
    async () => ({ items: await listParishes(app.deps) }),
  );
  r.post(
    '/api/diocese/parishes',
    {
      config: diocese,
      schema: {
        tags: ['diocese'],
        summary:
          'Makes a parish served at its hosts (its settings and time zone rows too); 400 for a host that is no DNS name, 409 for one another parish has.',
        body: createParishSchema,
        response: { 201: dioceseParishSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createParish(app.deps, request.body)),
  );
  r.post(
    '/api/diocese/parishes/:id/invite',
    {
      config: diocese,
      schema: {
        tags: ['diocese'],
        summary:
          "Invites a parish admin: an admin account with a one-time password (shown once) to change at the first sign-in at the parish's host; 409 for a username the parish has.",
        params: parishParamsSchema,
        body: inviteParishAdminSchema,
        response: { 201: parishInviteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteParishAdmin(app.deps, adminOf(request), request.params.id, request.body)),
  );
  r.get(
    '/api/diocese/rollup',
    {
      config: diocese,
      schema: {
        tags: ['diocese'],
        summary:
          'Roll-up of a period (financial year 2026 or month 2026-04): per parish (a page, by name) and head type, raised, collected, outstanding (rupees) and collection rate.',
        querystring: rollupQuerySchema,
        response: { 200: rollupResponseSchema, ...errors },
      },
    },
    async (request) => rollup(app.deps, request.query),
  );
  r.get(
    '/api/diocese/rollup/export',
    {
      config: diocese,
      schema: {
        tags: ['diocese'],
        summary: 'The roll-up of a period, every parish, as diocese_rollup_<period>.csv (UTF-8 with BOM) or .xlsx.',
        querystring: rollupExportQuerySchema,
      },
    },
    async (request, reply) => {
      const download = await rollupExport(app.deps, request.query);
      return reply
        .type(download.contentType)
        .header('content-disposition', `attachment; filename="${download.fileName}"`)
        .send(Readable.from(download.chunks, { highWaterMark: 1 }));
    },
  );
  r.put(
    '/api/diocese/parishes/:id/levies',
    {
      config: diocese,
      schema: {
        tags: ['diocese'],
        summary:
          "Sets a parish's levy from a financial year on: a share (per cent) of a head type's collections, or a fixed sum (rupees) a year; 0 ends it.",
        params: parishParamsSchema,
        body: setLevySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await setLevy(app.deps, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
  r.get(
    '/api/diocese/levies',
    {
      config: diocese,
      schema: {
        tags: ['diocese'],
        summary: 'What each parish owes the diocese for a financial year, levy by levy (rupees).',
        querystring: yearQuerySchema,
        response: { 200: leviesResponseSchema, ...errors },
      },
    },
    async (request) => leviesOwed(app.deps, request.query.year),
  );
}
