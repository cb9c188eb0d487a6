import {
  whatsAppLinkContracts,
  type CreateCustomerOrderInput,
  type PayView,
  type WorldlineOrder,
} from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';

/**
 * The calls of the pay-only view of a payment link (docs/domain.md, §9 "Payment links without a
 * password"): no sign-in, the link is the key.
 */

/** The pay-only view of a payment link (no sign-in). */
export function usePayView(mobile: string, token: string) {
  return useQuery<PayView>({
    queryKey: ['pay-link', mobile, token],
    queryFn: ({ signal }) => apiRequest(whatsAppLinkContracts.payView, { params: { mobile, token } }, { signal }),
    retry: false,
  });
}

/** The normal online order, for the payment link's member. */
export function createPayLinkOrder(
  mobile: string,
  token: string,
  body: CreateCustomerOrderInput,
): Promise<WorldlineOrder> {
  return apiRequest(whatsAppLinkContracts.payOrder, { params: { mobile, token }, body });
}
