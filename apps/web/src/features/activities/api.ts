import { reportContracts, type ContractOutput } from '@parish/shared';
import { useInfiniteQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';

/** The activity log's call (`GET /api/admin/activities`, admin only). */

/** Entries per page (docs/domain.md, "§7 API": recent activities default 50). */
export const ACTIVITIES_PAGE_SIZE = 50;

/** One page of the audit trail and the `before` of the next page (null at the end). */
export type ActivityPage = ContractOutput<typeof reportContracts.activities>;

/**
 * The audit trail newest first, 50 entries a page, each next page asked for with the previous
 * page's `nextBefore`. Cached 30 s.
 */
export function useActivities() {
  return useInfiniteQuery({
    queryKey: ['activities'],
    queryFn: ({ pageParam }): Promise<ActivityPage> =>
      apiRequest(reportContracts.activities, { query: { limit: ACTIVITIES_PAGE_SIZE, before: pageParam } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 30_000,
  });
}
