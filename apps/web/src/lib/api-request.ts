import type { ApiContract, ContractInput, ContractOutput, ContractPath } from '@parish/shared';

import { fetchWithSession, requestJson } from './api-client.ts';

/**
 * Typed API calls from the shared contracts (packages/shared/src/contracts): the URL is built from
 * the contract's path and the caller's path parameters and query, the body is sent as JSON, and the
 * answer has the contract's output type. Sending, the shared token refresh and the error body are
 * the API client's (`requestJson`). Answers are not validated against the output schema: the server
 * already serialises through it, and parsing every answer again would cost the browser for nothing.
 * This module imports only the contracts' types, so it adds no zod code to a chunk.
 */

/** Options of {@link apiRequest}. */
export interface CallOptions {
  /** Cancels the call (TanStack Query's `signal`). */
  signal?: AbortSignal;
  /** Set false for sign-in calls, which must not trigger the refresh-and-replay. */
  retryOnUnauthorized?: boolean;
  /** Sent as the `Idempotency-Key` header. */
  idempotencyKey?: string;
}

/** The arguments after the contract: the input is optional when the contract needs none. */
type InputArgs<C extends ApiContract> =
  object extends ContractInput<C>
    ? [input?: ContractInput<C>, options?: CallOptions]
    : [input: ContractInput<C>, options?: CallOptions];

/** Whatever input a contract may take, as {@link buildUrl} reads it. */
interface AnyInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * The URL of a call: every `:name` of the path replaced by its URL-encoded parameter, then the query
 * in the order given, leaving out undefined, null and empty-text values.
 * @throws Error when the path names a parameter the input does not give (a programming error).
 */
export function buildUrl(path: string, input: { params?: object; query?: object } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const url = path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

/**
 * Calls the endpoint of `contract` with the stored session (one shared refresh on a 401).
 * @param input `params` for the path, `query`, and `body` (sent as JSON) as the contract declares them.
 * @returns the parsed JSON answer, typed by the contract's output schema.
 * @throws ApiError with the server's error text (see `requestJson`).
 */
export function apiRequest<C extends ApiContract>(
  contract: C,
  ...[input, options]: InputArgs<C>
): Promise<ContractOutput<C>> {
  const given = (input ?? {}) as AnyInput;
  return requestJson<ContractOutput<C>>(buildUrl(contract.path, given), {
    method: contract.method,
    ...(given.body !== undefined ? { body: given.body } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.retryOnUnauthorized === false ? { retryOnUnauthorized: false } : {}),
    ...(options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  });
}

/**
 * Fetches the raw answer of a GET contract whose answer is not JSON (`answer: 'text'`: a receipt,
 * a CSV file), with the session (see `fetchWithSession` for `refreshFailed`).
 * @returns the Response as it came, 2xx or not; the caller reads it and reports failures.
 */
export function apiResponse<C extends ApiContract & { method: 'GET'; answer: 'text' }>(
  contract: C,
  input: ContractInput<C>,
  refreshFailed: 'replay' | 'throw' = 'replay',
): Promise<Response> {
  return fetchWithSession(buildUrl(contract.path, input as AnyInput), refreshFailed);
}

/**
 * A contract's method and path alone, typed as the contract (the path must be the contract's own),
 * for {@link apiRequest} and {@link apiResponse}, which read nothing else of it. For the member's
 * chunks: the contract objects hold their zod schemas, which a phone must not download for
 * nothing (issue 18).
 */
export function routeOf<C extends ApiContract>(method: C['method'], path: ContractPath<C>): C {
  return { method, path } as unknown as C;
}
