import { refundContracts, reportContracts } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';
import { DASHBOARD_REFETCH_MS, STALE_TIME } from '../../lib/query-client.ts';

/** Query key of the dashboard; Refresh and live payment events invalidate it. */
export const DASHBOARD_KEY = ['dashboard'] as const;

/**
 * The dashboard figures (`GET /api/admin/dashboard`, `docs/domain.md`, §2 "Back-office shell" and
 * §7 "Responses named by the specification"): cached 30 s and refetched every 30 s
 * (`docs/domain.md`, §2 "Page sizes and timings") while a back-office screen is open. One query
 * serves the dashboard page and the header's Collection YTD.
 * @param wardId one ward's figures (a ward id, or `none` for the members without a ward; issue 28
 *   item 7, decision 0136), '' for the parish's. Under {@link DASHBOARD_KEY}, so Refresh and live
 *   events reload every ward's too.
 */
export function useDashboard(wardId = '') {
  return useQuery({
    queryKey: wardId ? [...DASHBOARD_KEY, 'ward', wardId] : DASHBOARD_KEY,
    queryFn: () => apiRequest(reportContracts.dashboard, wardId ? { query: { wardId } } : {}),
    staleTime: STALE_TIME.dashboard,
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}

/**
 * "Refunds pending: n, ₹x" (`GET /api/admin/refunds/summary`, `docs/domain.md`, §4 "Refunds and
 * exceptions"), refreshed with the dashboard.
 */
export function useRefundSummary() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'refunds'],
    queryFn: () => apiRequest(refundContracts.summary),
    staleTime: STALE_TIME.dashboard,
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}
