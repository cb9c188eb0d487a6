import { MSG } from '@parish/shared';

import { ApiError } from './api-client.ts';

/** The text to show for a failed call: the server's error, else the given fallback. */
export function errorText(error: unknown, fallback: string = MSG.genericError): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  return fallback;
}
