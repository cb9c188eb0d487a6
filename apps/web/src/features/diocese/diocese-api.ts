import type { DioceseAdmin, DioceseParish, LeviesResponse, RollupResponse } from '@parish/shared';

import { toApiError } from '../../lib/api-client.ts';
import { saveDownload } from '../../lib/download.ts';

/**
 * The diocese area's calls (issue 28 item 5, decision 0131). A diocese session is its own: a bearer
 * token of the diocese kind kept in this tab's session storage under {@link DIOCESE_TOKEN_KEY},
 * apart from the parish session (which no diocese route accepts, and vice versa). No refresh: the
 * token lasts a working day, then the administrator signs in again.
 */

/** Session storage key of the diocese token. */
export const DIOCESE_TOKEN_KEY = 'dioceseToken';

/** The stored diocese token, or null. */
export function dioceseToken(): string | null {
  return sessionStorage.getItem(DIOCESE_TOKEN_KEY);
}

/** Stores (or, with null, forgets) the diocese token. */
export function setDioceseToken(token: string | null): void {
  if (token === null) sessionStorage.removeItem(DIOCESE_TOKEN_KEY);
  else sessionStorage.setItem(DIOCESE_TOKEN_KEY, token);
}

/** A sign-in or password-change answer. */
export interface DioceseSignIn {
  token: string;
  expiresIn: number;
  admin: DioceseAdmin;
}

async function send(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const token = dioceseToken();
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * Calls a diocese route with the stored diocese token.
 * @returns the parsed JSON answer (undefined for 204)
 * @throws ApiError with the server's error text (401 when the session ended)
 */
export async function dioceseJson<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await send(path, init);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Signs in; stores the token. */
export async function signInDiocese(body: { username: string; password: string }): Promise<DioceseSignIn> {
  const answer = await dioceseJson<DioceseSignIn>('/api/diocese/auth/login', { method: 'POST', body });
  setDioceseToken(answer.token);
  return answer;
}

/** Changes the password; stores the fresh token. */
export async function changeDiocesePassword(body: {
  currentPassword: string;
  newPassword: string;
}): Promise<DioceseSignIn> {
  const answer = await dioceseJson<DioceseSignIn>('/api/diocese/auth/change-password', { method: 'POST', body });
  setDioceseToken(answer.token);
  return answer;
}

/** The signed-in administrator. */
export const fetchDioceseAdmin = () => dioceseJson<DioceseAdmin>('/api/diocese/auth/me');

/** Every parish. */
export const fetchParishes = () => dioceseJson<{ items: DioceseParish[] }>('/api/diocese/parishes');

/** The roll-up of a period (`2026` or `2026-04`), a page of parishes. */
export const fetchRollup = (period: string, page: number) =>
  dioceseJson<RollupResponse>(`/api/diocese/rollup?period=${encodeURIComponent(period)}&page=${page}&pageSize=50`);

/** What each parish owes for a financial year. */
export const fetchLevies = (year: number) => dioceseJson<LeviesResponse>(`/api/diocese/levies?year=${year}`);

/** Downloads the roll-up of a period as CSV or Excel. */
export async function downloadRollup(period: string, format: 'csv' | 'xlsx'): Promise<void> {
  const response = await send(`/api/diocese/rollup/export?period=${encodeURIComponent(period)}&format=${format}`);
  await saveDownload(response, `diocese_rollup_${period}.${format}`);
}
