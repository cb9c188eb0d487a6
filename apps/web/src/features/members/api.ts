import {
  memberContracts,
  type ContractOutput,
  type MemberImportPreview,
  type MemberImportResult,
  type MemberImportRow,
  type MemberInput,
  type MemberSortField,
} from '@parish/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/** The members screen's calls (`memberContracts`: `/api/members...`). */

/** The root of every members query key; invalidated after each write. */
export const MEMBERS_KEY = ['members'] as const;

/** What the members table asks the server for (`GET /api/members`). */
export interface MemberListParams {
  page: number;
  limit: number;
  search: string;
  sortBy: MemberSortField;
  sortOrder: 'asc' | 'desc';
  /** Only a ward's members (its id), or `none` for those without a ward (decision 0126); absent for all. */
  wardId?: string;
}

/** One page of members with the total count. */
export type MemberPage = ContractOutput<typeof memberContracts.list>;

/** `GET /api/members` for one page: search only when not blank. */
export function fetchMemberPage(params: MemberListParams, signal?: AbortSignal): Promise<MemberPage> {
  const { page, limit, sortBy, sortOrder } = params;
  const query = {
    page,
    limit,
    sortBy,
    sortOrder,
    search: params.search.trim(),
    ...(params.wardId ? { wardId: params.wardId } : {}),
  };
  return apiRequest(memberContracts.list, { query }, { signal });
}

/**
 * One page of active members, searched and sorted on the server; the previous page stays on
 * screen while the next loads. Cached for `STALE_TIME.members` (2 min, `docs/domain.md`, §7 "Client behaviour").
 */
export function useMemberPage(params: MemberListParams) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'list', params],
    queryFn: ({ signal }) => fetchMemberPage(params, signal),
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
        ? apiRequest(memberContracts.update, { params: { id }, body: input })
        : apiRequest(memberContracts.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

/** Deactivates a member (`DELETE /api/members/{id}`); refreshes every members query. */
export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(memberContracts.remove, { params: { id } }),
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
    queryFn: () => apiRequest(memberContracts.credentials, { params: { id: memberId ?? '' } }),
    enabled: memberId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * Resets a member's password (admin; `POST /api/admin/members/{id}/reset-password`): back to the
 * initial password, or to a one-time password answered once. The server audits it.
 */
export function resetMemberPassword(id: string, to: 'initial' | 'one-time') {
  return apiRequest(memberContracts.resetPassword, { params: { id }, body: { to } });
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
    const result = await apiRequest(memberContracts.importRows, {
      body: { members: rows.slice(start, start + BULK_BATCH_ROWS) },
    });
    combined.imported += result.imported;
    combined.members.push(...result.members);
    combined.errors.push(...result.errors.map((error) => ({ row: error.row + start, message: error.message })));
  }
  return combined;
}

/**
 * The dry run of a member import (`POST /api/members/bulk/preview`, decision 0110), in batches of
 * 10,000 like {@link importMemberRows}, row numbers shifted to the file's data-row numbers. Nothing
 * is written. A row of a later batch that duplicates one of an earlier batch shows as a row to
 * create here and is skipped by the import.
 * @returns the combined dry run
 * @throws ApiError with the server's message
 */
export async function previewMemberRows(rows: readonly MemberImportRow[]): Promise<MemberImportPreview> {
  const combined: MemberImportPreview = {
    totalRows: 0,
    toCreate: [],
    present: [],
    mismatches: [],
    errors: [],
    newWards: [],
  };
  for (let start = 0; start < rows.length; start += BULK_BATCH_ROWS) {
    const result = await apiRequest(memberContracts.importPreview, {
      body: { members: rows.slice(start, start + BULK_BATCH_ROWS) },
    });
    const shift = <T extends { row: number }>(list: T[]) => list.map((entry) => ({ ...entry, row: entry.row + start }));
    combined.totalRows += result.totalRows;
    combined.toCreate.push(...shift(result.toCreate));
    combined.present.push(...shift(result.present));
    combined.mismatches.push(...shift(result.mismatches));
    combined.errors.push(...shift(result.errors));
    // A new ward named by two batches is one new ward (names match case-insensitively).
    const seen = new Set(combined.newWards.map((name) => name.toLowerCase()));
    combined.newWards.push(...result.newWards.filter((name) => !seen.has(name.toLowerCase())));
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
