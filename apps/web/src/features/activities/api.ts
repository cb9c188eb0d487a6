import { reportContracts, staffContracts, type ContractOutput } from '@parish/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { apiRequest, apiResponse } from '../../lib/api-request.ts';
import { saveDownload } from '../../lib/download.ts';

/** The activity log's calls (`GET /api/admin/activities` and its download, admin only). */

/** Entries per page (docs/domain.md, "§7 API": recent activities default 50). */
export const ACTIVITIES_PAGE_SIZE = 50;

/** One page of the audit trail and the `before` of the next page (null at the end). */
export type ActivityPage = ContractOutput<typeof reportContracts.activities>;

/**
 * The Activity Log's filters, as the server takes them: `actor` a staff id or `member` /
 * `system` / `gateway`, `action` one audit action, `memberId`, `from`/`to` parish days
 * (`YYYY-MM-DD`), `search` free text. Blank ones are left out.
 */
export interface ActivityFilters {
  actor?: string;
  action?: string;
  memberId?: string;
  from?: string;
  to?: string;
  search?: string;
}

function sent(filters: ActivityFilters): ActivityFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => typeof value === 'string' && value !== ''));
}

/**
 * The audit trail newest first, filtered on the server, 50 entries a page, each next page asked
 * for with the previous page's `nextBefore`. Cached 30 s.
 */
export function useActivities(filters: ActivityFilters = {}) {
  const query = sent(filters);
  return useInfiniteQuery({
    queryKey: ['activities', query],
    queryFn: ({ pageParam }): Promise<ActivityPage> =>
      apiRequest(reportContracts.activities, {
        query: { limit: ACTIVITIES_PAGE_SIZE, ...query, ...(pageParam ? { before: pageParam } : {}) },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 30_000,
  });
}

/**
 * Downloads every entry the filters select (`GET /api/admin/activities/export`) as CSV (UTF-8
 * with BOM) or an Excel workbook, named `activity_log_<date>`.
 * @throws ApiError when the server refuses or the network fails
 */
export async function downloadActivities(filters: ActivityFilters, format: 'csv' | 'xlsx'): Promise<void> {
  const response = await apiResponse(reportContracts.activitiesExport, { query: { ...sent(filters), format } });
  await saveDownload(response, `activity_log.${format}`);
}

/** The staff accounts (`GET /api/admin/users`) for the "Who" filter; shares the staff screen's cache key. */
export function useStaffNames() {
  return useQuery({ queryKey: ['admin', 'users'], queryFn: () => apiRequest(staffContracts.list) });
}
