import type { z } from 'zod';

/**
 * API contracts: each endpoint the web app calls, described once as its method, path, input
 * schemas and output schema, built from the zod schemas the server validates with
 * (`packages/shared/src/schemas/`). The web app's `apiRequest(contract, input)` builds the URL and
 * types the answer from these; the types below turn the schemas into what a caller sends and gets.
 * See docs/ARCHITECTURE.md for how the web app talks to the API.
 */

/** The HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint.
 * - `path`: the route as the server declares it, path parameters as `:name` (`/api/members/:id`);
 * - `params`: the schema of the path parameters (every `:name` of the path is a key of it);
 * - `query`: the schema of the query string; `body`: the schema of the JSON body;
 * - `output`: the schema of the 2xx answer;
 * - `answer`: how the answer is read, `json` (default) or `text` (an HTML receipt, a CSV file).
 */
export interface ApiContract {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly output: z.ZodType;
  readonly answer?: 'json' | 'text';
}

/**
 * Declares a contract, keeping its literal method and path types (so a caller that only imports
 * the contract's type can still be checked against its path).
 * @returns the contract unchanged.
 */
export function defineContract<const C extends ApiContract>(contract: C): C {
  return contract;
}

/** A query value as sent: a coerced number (`z.coerce.number()` takes anything) is given as a number or text. */
type QueryValue<T> = unknown extends T ? number | string | undefined : T;

/** The path parameters a caller gives (the `params` schema's input), e.g. `{ id: string }`. */
export type ContractParams<C> = C extends { params: infer P extends z.ZodType } ? z.input<P> : never;

/**
 * The query a caller gives: the `query` schema's input (defaults optional), with coerced numbers
 * typed as numbers. Keys whose value is undefined, null or '' are left out of the URL.
 */
export type ContractQuery<C> = C extends { query: infer Q extends z.ZodType }
  ? { [K in keyof z.input<Q>]: QueryValue<z.input<Q>[K]> | null }
  : never;

/** The JSON body a caller sends (the `body` schema's input: before defaults and transforms). */
export type ContractBody<C> = C extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The 2xx answer (the `output` schema's output). */
export type ContractOutput<C> = C extends { output: infer O extends z.ZodType } ? z.output<O> : never;

/** The path of a contract as a literal type, e.g. `'/api/auth/verify'`. */
export type ContractPath<C> = C extends { path: infer P extends string } ? P : never;

/**
 * Everything a call of contract `C` takes: `params` when the path has parameters, `body` when the
 * endpoint takes one, and an optional `query` when it reads one.
 */
export type ContractInput<C> = (C extends { params: z.ZodType } ? { params: ContractParams<C> } : unknown) &
  (C extends { query: z.ZodType } ? { query?: ContractQuery<C> } : unknown) &
  (C extends { body: z.ZodType } ? { body: ContractBody<C> } : unknown);

/** The names of the `:name` parameters of a path, in order (`/api/a/:id/b/:key` -> `['id', 'key']`). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '');
}
