import { errorBodySchema } from '@parish/shared';
import type { z } from 'zod';

/**
 * The options of a JSON route as the route plugins declare it: its role guard (`config`), its
 * OpenAPI tag and summary, any request schemas (`params`, `querystring`, `body`), the 200 answer's
 * schema and the error answers. One shape for the many small admin and staff routes, so a plugin
 * lists what differs (`docs/ARCHITECTURE.md`, "apps/server").
 * @param config the route's `config` (`{ roles: [...] }` or `{ roles: 'public' }`)
 * @param request the request schemas, `{}` when there are none
 * @param answer the schema of the 200 answer
 * @param errors the error answers by status (the shared error body)
 * @returns `{ config, schema }` for `app.get` / `app.post`.
 */
export function jsonRoute<const C, const Q extends object, A extends z.ZodType, const E extends object>(
  config: C,
  doc: { tag: string; summary: string },
  request: Q,
  answer: A,
  errors: E,
) {
  return {
    config,
    schema: { tags: [doc.tag], summary: doc.summary, ...request, response: { 200: answer, ...errors } },
  };
}

/**
 * The error answers of a route, each status with the shared error body (`docs/ARCHITECTURE.md`,
 * "Error contract"): `errorAnswers(400, 404)` is `{ 400: errorBodySchema, 404: errorBodySchema }`.
 */
export function errorAnswers<const S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}
