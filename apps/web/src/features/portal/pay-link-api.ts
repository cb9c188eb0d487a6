import type { CreateCustomerOrderInput, PayView, WorldlineOrder, whatsAppLinkContracts } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest, routeOf } from '../../lib/api-request.ts';

/** The calls by method and path: the contract objects hold zod schemas, kept out of a member's download. */
const PAY_VIEW = routeOf<typeof whatsAppLinkContracts.payView>('GET', '/api/pay/:mobile/:token');
const PAY_ORDER = routeOf<typeof whatsAppLinkContracts.payOrder>('POST', '/api/pay/:mobile/:token/order');

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

/** The normal online order, for the payment link's member. */
export function createPayLinkOrder(
  mobile: string,
  token: string,
  body: CreateCustomerOrderInput,
): Promise<WorldlineOrder> {
  return apiRequest(PAY_ORDER, { params: { mobile, token }, body });
}
