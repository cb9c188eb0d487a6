import type {
  authContracts,
  ContractBody,
  CreateCustomerOrderInput,
  portalContracts,
  WorldlineOrder,
} from '@parish/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';

import { apiRequest, routeOf } from '../../lib/api-request.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/**
 * The member portal's calls (`portalContracts`; docs/domain.md, "§7 API": the customer view loads
 * transactions with limit 50). Every answer is the signed-in member's own data. The verification
 * of a gateway return is verify-payment.ts: it needs no session, and the return page loads it
 * without the rest of the portal.
 */

/** The portal's calls by method and path only: the dashboard loads no zod (issue 18). */
const ROUTES = {
  payments: routeOf<typeof portalContracts.payments>('GET', '/api/customer/payments'),
  transactions: routeOf<typeof portalContracts.transactions>('GET', '/api/customer/transactions'),
  worldlineConfig: routeOf<typeof portalContracts.worldlineConfig>('GET', '/api/worldline/config'),
  createOrder: routeOf<typeof portalContracts.createOrder>('POST', '/api/worldline/create-customer-order'),
  changePassword: routeOf<typeof authContracts.changePassword>('POST', '/api/auth/change-password'),
};

/** Transactions shown on the Transactions tab (`docs/domain.md`, §2 "Page sizes and timings"). */
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
 * (`docs/domain.md`, §7 "Client behaviour") and refetched after every payment.
 */
export function useCustomerPayments(status: 'pending' | 'paid', enabled = true) {
  return useQuery({ ...paymentsQuery(status), enabled });
}

/** The query of the member's pending or paid payments (one cache entry per status). */
function paymentsQuery(status: 'pending' | 'paid') {
  return {
    queryKey: portalKeys.payments(status),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(ROUTES.payments, { query: { status } }, { signal }),
    staleTime: STALE_TIME.payments,
  };
}

/** The query of the member's online transactions (one cache entry for the tab and the success dialog). */
const transactionsQuery = {
  queryKey: portalKeys.transactions,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest(ROUTES.transactions, { query: { limit: TRANSACTIONS_LIMIT } }, { signal }),
  staleTime: STALE_TIME.payments,
};

/** The member's online transactions, newest first, at most 50 (`GET /api/customer/transactions`). */
export function useCustomerTransactions() {
  return useQuery(transactionsQuery);
}

/**
 * The money paid twice by the member's transaction with our txn id `txnId` (decision 0142), read
 * afresh from `GET /api/customer/transactions` when the success dialog opens (and again with the
 * refreshes after a payment); null while unknown, when `txnId` is null, or when nothing was paid twice.
 */
export function usePaidTwiceOf(txnId: string | null) {
  const query = useQuery({
    ...transactionsQuery,
    refetchOnMount: 'always',
    enabled: txnId !== null,
  });
  return query.data?.items.find((item) => item.transactionId === txnId)?.paidTwice ?? null;
}

/** The query of the card gateway's public configuration. */
const worldlineConfigQuery = {
  queryKey: portalKeys.worldlineConfig,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(ROUTES.worldlineConfig, {}, { signal }),
  staleTime: STALE_TIME.default,
};

/**
 * The card gateway's public configuration (`GET /api/worldline/config`): available, sandbox or
 * live, and the checkout scripts to load. Never carries the salt.
 */
export function useWorldlineConfig() {
  return useQuery(worldlineConfigQuery);
}

/**
 * Starts the dashboard's three calls (pending payments, transactions, the gateway's configuration)
 * into `queryClient`'s cache, with the same keys and freshness as the dashboard's own queries, so
 * they run while the dashboard's code downloads (decision 0150). Errors are left for the
 * dashboard's queries to show (`prefetchQuery` never throws).
 */
export function prefetchPortal(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(paymentsQuery('pending'));
  void queryClient.prefetchQuery(transactionsQuery);
  void queryClient.prefetchQuery(worldlineConfigQuery);
}

/**
 * Creates the order on the server (`POST /api/worldline/create-customer-order`): the server
 * recomputes every amount, applies the arrears gate and records a pending transaction.
 * @throws ApiError with the server's message (e.g. the arrears gate's).
 */
export function createCustomerOrder(body: CreateCustomerOrderInput): Promise<WorldlineOrder> {
  return apiRequest(ROUTES.createOrder, { body });
}

/**
 * `POST /api/auth/change-password`: the member's new password.
 * @returns the new access token (the old one stops working).
 * @throws ApiError with the server's text (wrong current password, too short...).
 */
export async function changePassword(body: ContractBody<typeof authContracts.changePassword>): Promise<string> {
  const answer = await apiRequest(ROUTES.changePassword, { body });
  return answer.token;
}
