import type {
  CreateCustomerOrderInput,
  PayLinkOutcome,
  PayView,
  WorldlineOrder,
  whatsAppLinkContracts,
} from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest, routeOf } from '../../lib/api-request.ts';

/** The calls by method and path: the contract objects hold zod schemas, kept out of a member's download. */
const PAY_VIEW = routeOf<typeof whatsAppLinkContracts.payView>('GET', '/api/pay/:mobile/:token');
const PAY_ORDER = routeOf<typeof whatsAppLinkContracts.payOrder>('POST', '/api/pay/:mobile/:token/order');
const PAY_OUTCOME = routeOf<typeof whatsAppLinkContracts.payOutcome>(
  'GET',
  '/api/pay/:mobile/:token/transactions/:txnId',
);

/** How often the confirmation page asks again while the payment is pending (ms). */
export const OUTCOME_POLL_MS = 2_000;

/**
 * The calls of the pay-only view of a payment link (docs/domain.md, §9 "Payment links without a
 * password"): no sign-in, the link is the key.
 */

/** The pay-only view of a payment link (no sign-in). */
export function usePayView(mobile: string, token: string) {
  return useQuery<PayView>({
    queryKey: ['pay-link', mobile, token],
    queryFn: ({ signal }) => apiRequest(PAY_VIEW, { params: { mobile, token } }, { signal }),
    retry: false,
  });
}

/** The normal online order, for the payment link's member (a choice of dues and custom amounts). */
export function createPayLinkOrder(
  mobile: string,
  token: string,
  body: CreateCustomerOrderInput,
): Promise<WorldlineOrder> {
  return apiRequest(PAY_ORDER, { params: { mobile, token }, body });
}

/**
 * The outcome of a payment made through the link (`GET /api/pay/:mobile/:token/transactions/:txnId`,
 * decision 0140), asked again every {@link OUTCOME_POLL_MS} while it is pending; none without a txn.
 */
export function usePayLinkOutcome(mobile: string, token: string, txnId: string | null) {
  return useQuery<PayLinkOutcome>({
    queryKey: ['pay-link-outcome', mobile, token, txnId],
    queryFn: ({ signal }) => apiRequest(PAY_OUTCOME, { params: { mobile, token, txnId: txnId ?? '' } }, { signal }),
    enabled: Boolean(txnId),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? OUTCOME_POLL_MS : false),
  });
}
