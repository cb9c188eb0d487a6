import { MSG, type ErrorBody } from '@parish/shared';

import { clearSession, readToken, writeSession } from './storage.ts';

/** Client request timeout (`docs/domain.md`, §7 "Client behaviour"). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** An API failure: the server's `error` text (or 'HTTP error! status: {code}'), status and code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: ErrorBody['details'];

  constructor(message: string, status: number, code?: string, details?: ErrorBody['details']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();

/** Subscribes to "the session has expired" (refresh failed); returns the unsubscribe function. */
export function onSessionExpired(listener: Listener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

let refreshing: Promise<string | null> | null = null;

/**
 * One shared refresh for every caller that got a 401 (`docs/domain.md`, §6 "Sessions"): the refresh cookie
 * is exchanged for a new access token once, and queued calls replay with it.
 * @returns the new token, or null when the refresh failed.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    const tokenBefore = readToken();
    try {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'x-requested-with': 'parish-dues' },
      });
      if (!response.ok) {
        // Another tab may have refreshed first with the same cookie.
        const tokenNow = readToken();
        return tokenNow && tokenNow !== tokenBefore ? tokenNow : null;
      }
      const { token } = (await response.json()) as { token: string };
      writeSession(token);
      return token;
    } catch {
      return null;
    } finally {
      setTimeout(() => {
        refreshing = null;
      }, 0);
    }
  })();
  return refreshing;
}

/** Options of {@link requestJson}. */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Set false for auth calls, which must not trigger the refresh-and-replay. */
  retryOnUnauthorized?: boolean;
  signal?: AbortSignal;
  /** An `Idempotency-Key` for a POST that must take effect once however often it is sent. */
  idempotencyKey?: string;
}

async function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());
  const headers: Record<string, string> = { 'x-requested-with': 'parish-dues' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    if (controller.signal.aborted) throw new ApiError(MSG.requestTimeout, 0, 'TIMEOUT');
    // The browser's own words ('Failed to fetch', 'NetworkError when attempting…') are not for people.
    throw new ApiError(MSG.networkError, 0, 'NETWORK');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The error of a failed answer: the body's `error` text (else 'HTTP error! status: {code}'), its
 * status, and the body's `code` and `details`.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  const message = body?.error ?? `HTTP error! status: ${response.status}`;
  return new ApiError(message, response.status, body?.code, body?.details);
}

/**
 * Calls the API with the stored bearer token. A 401 on a non-auth call triggers one shared
 * refresh and a replay; when the refresh fails the session is cleared, listeners are told, and
 * 'Session expired. Please login again.' is thrown.
 * @returns the parsed JSON body.
 * @throws ApiError with the server's error text.
 */
export async function requestJson<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  let response = await send(path, options, readToken());
  if (response.status === 401 && options.retryOnUnauthorized !== false && readToken()) {
    const token = await refreshAccessToken();
    if (!token) {
      clearSession();
      for (const listener of sessionExpiredListeners) listener();
      throw new ApiError(MSG.sessionExpired, 401, 'UNAUTHORIZED');
    }
    response = await send(path, options, token);
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

/**
 * A GET whose answer is not JSON (a receipt's HTML, a CSV file), sent with the stored bearer token
 * and no client timeout (a large export may take a while). A 401 triggers the one shared refresh
 * and a replay; when the refresh fails, `refreshFailed` says what happens: `replay` sends again
 * without a token (the caller then sees the 401), `throw` throws 'Session expired. Please login
 * again.' at once. The session is not cleared here.
 * @returns the answer as it came, 2xx or not.
 * @throws ApiError 'Session expired…' (with `throw`); the network error as fetch throws it.
 */
export async function fetchWithSession(path: string, refreshFailed: 'replay' | 'throw' = 'replay'): Promise<Response> {
  const get = (token: string | null) =>
    fetch(path, {
      headers: { 'x-requested-with': 'parish-dues', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  const response = await get(readToken());
  if (response.status !== 401) return response;
  const token = await refreshAccessToken();
  if (!token && refreshFailed === 'throw') throw new ApiError(MSG.sessionExpired, 401, 'UNAUTHORIZED');
  return get(token);
}
