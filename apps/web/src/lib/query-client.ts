import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-client.ts';

const MINUTE = 60_000;

/** Cache lifetimes of list reads (`docs/domain.md`, §7 "Client behaviour"). */
export const STALE_TIME = {
  default: 5 * MINUTE,
  members: 2 * MINUTE,
  paymentHeads: 5 * MINUTE,
  payments: 1 * MINUTE,
  dashboard: 30_000,
} as const;

/** Dashboard polling interval (`docs/domain.md`, §2 "Page sizes and timings"). */
export const DASHBOARD_REFETCH_MS = 30_000;

/**
 * Whether a failed read is retried (`docs/domain.md`, §7 "Client behaviour"): up to 3 times, never for a
 * 4xx answer (the 401 is already handled by the shared refresh in the API client).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}

/** Backoff of 1 s, 2 s, 4 s. */
export function retryDelay(attemptIndex: number): number {
  return 1000 * 2 ** attemptIndex;
}

/** The app's query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME.default, retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
