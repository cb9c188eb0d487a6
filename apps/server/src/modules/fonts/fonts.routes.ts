import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema, MSG } from '@parish/shared';

import { notFound } from '../../lib/app-error.ts';
import { RECEIPT_FONTS } from '../receipts/receipt-second-language.ts';

const require = createRequire(import.meta.url);

/** Each font file a bilingual receipt names, by file name, from its @fontsource package. */
const FONT_FILES = new Map(
  Object.values(RECEIPT_FONTS).flatMap(({ family, files }) => {
    const pkg = `@fontsource/${family.toLowerCase().replaceAll(' ', '-')}`;
    const dir = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files');
    return files.map(({ file }) => [file, path.join(dir, file)] as const);
  }),
);

/**
 * `GET /api/fonts/:file` (public): the Noto woff2 files of a bilingual receipt's script
 * (`docs/domain.md`, §8 "Bilingual receipt"), served by the app itself so a phone or a headless
 * browser without the script's system font still prints it. Only the files of `RECEIPT_FONTS`;
 * anything else answers 404. Cached for a year (the file names carry no version, but a font file
 * of a given name never changes meaning).
 */
export async function fontsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = new Map<string, Buffer>();
  r.get(
    '/api/fonts/:file',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['collections'],
        summary: "A receipt's script font (woff2): Noto Sans Malayalam, Devanagari or Tamil, 400 or 700.",
        params: z.object({ file: z.string().max(100) }),
        produces: ['font/woff2'],
        response: { 200: z.any().meta({ description: 'woff2 font' }), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const file = FONT_FILES.get(request.params.file);
      if (!file) throw notFound(MSG.notFound);
      let body = cache.get(file);
      if (!body) {
        body = readFileSync(file);
        cache.set(file, body);
      }
      return reply
        .header('content-type', 'font/woff2')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body);
    },
  );
}
