import type { CustomerPayments, CustomerTransactions, WorldlineConfig } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-client.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/**
 * The member portal's reads (`api-contract.md`, "Member portal"; specification section 7: the
 * customer view loads transactions with limit 50). Every answer is the signed-in member's own data.
 */

/** Transactions shown on the Transactions tab (section 9, "Transactions list limit"). */
export const TRANSACTIONS_LIMIT = 50;

/** Query keys; everything under `['portal']` is refetched after a payment. */
export const portalKeys = {
  all: ['portal'] as const,
  payments: (status: 'pending' | 'paid') => ['portal', 'payments', status] as const,
  transactions: ['portal', 'transactions'] as const,
  worldlineConfig: ['portal', 'worldline-config'] as const,
};

/**
 * The signed-in member's pending or paid payments with the summary cards' figures and
 * `arrearsBlocking` (`GET /api/customer/payments?status=`). Payments are cached for 1 minute
 * (section 9) and refetched after every payment.
 */
export function useCustomerPayments(status: 'pending' | 'paid', enabled = true) {
  return useQuery({
    queryKey: portalKeys.payments(status),
    queryFn: ({ signal }) => apiRequest<CustomerPayments>(`/api/customer/payments?status=${status}`, { signal }),
    staleTime: STALE_TIME.payments,
    enabled,
  });
}

/** The member's online transactions, newest first, at most 50 (`GET /api/customer/transactions`). */
export function useCustomerTransactions() {
  return useQuery({
    queryKey: portalKeys.transactions,
    queryFn: ({ signal }) =>
      apiRequest<CustomerTransactions>(`/api/customer/transactions?limit=${TRANSACTIONS_LIMIT}`, { signal }),
    staleTime: STALE_TIME.payments,
  });
}

/**
 * The card gateway's public configuration (`GET /api/worldline/config`): available, sandbox or
 * live, and the checkout scripts to load. Never carries the salt.
 */
export function useWorldlineConfig() {
  return useQuery({
    queryKey: portalKeys.worldlineConfig,
    queryFn: ({ signal }) => apiRequest<WorldlineConfig>('/api/worldline/config', { signal }),
    staleTime: STALE_TIME.default,
  });
}
