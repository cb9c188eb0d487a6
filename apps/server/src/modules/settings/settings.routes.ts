import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorBodySchema, parishSettingsSchema, updateParishSettingsSchema } from '@parish/shared';

import { getParishSettings, updateParishSettings } from './settings.service.ts';

/** `GET /api/settings` (public) and `PUT /api/settings` (admin). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/settings',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Parish name, address, contact, logo and currency (public: the landing page needs them).',
        response: { 200: parishSettingsSchema },
      },
    },
    async (request) => getParishSettings(request.ctx.db),
  );
  r.put(
    '/api/settings',
    {
      config: { roles: ['admin'] },
      bodyLimit: 400_000,
      schema: {
        tags: ['settings'],
        summary: 'Updates the parish settings (admin).',
        body: updateParishSettingsSchema,
        response: { 200: parishSettingsSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => updateParishSettings(request.ctx, request.body),
  );
}
