import {
  collectionContracts,
  refundContracts,
  type ApplyRefundInput,
  type MarkRefundedInput,
  type RefundActionResult,
  type VoidTestPaymentsResult,
} from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/**
 * The refunds and exceptions screen's calls (`refundContracts`; `docs/domain.md`, §4 "Refunds and
 * exceptions", §10 "Payment mode"). Everything under {@link REFUNDS_KEY} and the dashboard refresh
 * after an action.
 */

/** Query key of the queue. */
export const REFUNDS_KEY = ['refunds'] as const;

/** The open entries of the queue with their totals (`GET /api/admin/refunds`). */
export function useRefunds() {
  return useQuery({
    queryKey: REFUNDS_KEY,
    queryFn: () => apiRequest(refundContracts.list, { query: { status: 'open' } }),
    staleTime: STALE_TIME.payments,
    refetchOnMount: 'always',
  });
}

/** The member's payments, for choosing a pending due to apply money to. */
export function useMemberDues(memberId: string | null) {
  return useQuery({
    queryKey: [...REFUNDS_KEY, 'member', memberId],
    queryFn: () => apiRequest(collectionContracts.memberPayments, { params: { id: memberId ?? '' } }),
    enabled: memberId !== null,
    staleTime: 0,
  });
}

/** "Refunded" (admin): records a refund made in the gateway's own dashboard. */
export function markRefunded(id: string, body: MarkRefundedInput): Promise<RefundActionResult> {
  return apiRequest(refundContracts.refunded, { params: { id }, body });
}

/** "Apply to another due of this member" (admin): a collection with its own receipt. */
export function applyRefund(id: string, body: ApplyRefundInput): Promise<RefundActionResult> {
  return apiRequest(refundContracts.apply, { params: { id }, body });
}

/** "Void all test payments" (admin), before going live. */
export function voidTestPayments(): Promise<VoidTestPaymentsResult> {
  return apiRequest(refundContracts.voidTestPayments);
}
