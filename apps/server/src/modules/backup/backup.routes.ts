import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { backupStatusSchema, errorBodySchema } from '@parish/shared';

import { backupStatus } from './backup.service.ts';

/** `GET /api/backups/latest` (admin): the latest backup and the backup settings (`docs/deploy.md`, "Backups"). */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/backups/latest',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['backups'],
        summary: 'The latest backup (time in UTC, size in bytes) and the backup settings (admin).',
        response: { 200: backupStatusSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => backupStatus(request.ctx),
  );
}
