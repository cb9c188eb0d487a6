import {
  type Member,
  type MemberCredentials,
  type MemberImportResult,
  type MemberImportRow,
  type MemberInput,
  type MemberSortField,
} from '@parish/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-client.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/** The root of every members query key; invalidated after each write. */
export const MEMBERS_KEY = ['members'] as const;

/** What the members table asks the server for (`GET /api/members`). */
export interface MemberListParams {
  page: number;
  limit: number;
  search: string;
  sortBy: MemberSortField;
  sortOrder: 'asc' | 'desc';
}

/** One page of members with the total count. */
export interface MemberPage {
  items: Member[];
  total: number;
  page: number;
  limit: number;
}

/** The URL of a members page: search only when not blank. */
function listUrl(params: MemberListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit),
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
  });
  const search = params.search.trim();
  if (search) query.set('search', search);
  return `/api/members?${query.toString()}`;
}

/**
 * One page of active members, searched and sorted on the server; the previous page stays on
 * screen while the next loads. Cached for `STALE_TIME.members` (2 min, section 9).
 */
export function useMemberPage(params: MemberListParams) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'list', params],
    queryFn: ({ signal }) => apiRequest<MemberPage>(listUrl(params), { signal }),
    staleTime: STALE_TIME.members,
    placeholderData: keepPreviousData,
  });
}

/** Adds (no id) or replaces (with id) a member; refreshes every members query afterwards. */
export function useSaveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: MemberInput }) =>
      id
        ? apiRequest<Member>(`/api/members/${id}`, { method: 'PUT', body: input })
        : apiRequest<Member>('/api/members', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

/** Deactivates a member (`DELETE /api/members/{id}`); refreshes every members query. */
export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ success: true }>(`/api/members/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

/**
 * A member's login credentials (admin only). Never cached: each opening asks again, and the
 * server audits each view.
 */
export function useMemberCredentials(memberId: string | null) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'credentials', memberId],
    queryFn: () => apiRequest<MemberCredentials>(`/api/admin/members/${memberId ?? ''}/credentials`),
    enabled: memberId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Rows per bulk request: the server takes at most 10,000 (MEMBER_IMPORT_MAX_ROWS). */
const BULK_BATCH_ROWS = 10_000;

/**
 * Posts raw CSV rows to `POST /api/members/bulk`, in batches of 10,000 for bigger files; row
 * numbers of later batches are shifted so they stay the file's data-row numbers.
 * @returns the combined result.
 */
export async function importMemberRows(rows: readonly MemberImportRow[]): Promise<MemberImportResult> {
  const combined: MemberImportResult = { success: true, imported: 0, errors: [], members: [] };
  for (let start = 0; start < rows.length; start += BULK_BATCH_ROWS) {
    const result = await apiRequest<MemberImportResult>('/api/members/bulk', {
      method: 'POST',
      body: { members: rows.slice(start, start + BULK_BATCH_ROWS) },
    });
    combined.imported += result.imported;
    combined.members.push(...result.members);
    combined.errors.push(...result.errors.map((error) => ({ row: error.row + start, message: error.message })));
  }
  return combined;
}

/** Runs {@link importMemberRows} and refreshes every members query afterwards. */
export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importMemberRows,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}
