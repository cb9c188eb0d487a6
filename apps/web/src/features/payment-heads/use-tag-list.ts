import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { STALE_TIME } from '../../lib/query-client.ts';
import { listMembers, MAX_LIMIT, MEMBERS_KEY, type MemberRef } from './api.ts';
import { selectedMembers, type Selections } from './tag-selection.ts';

/**
 * The members the Tag Members dialog lists (`docs/domain.md`, §2 "Manage Account Heads page"):
 * with `view` all, one page of the parish's members searched on the server, 100 at a time; with
 * `view` selected, the ticked members searched here, by name, 100 a page.
 * @param search the settled search text (trimmed)
 * @returns the members query (`view` all), the page's rows and the list's total
 */
export function useTagList(view: 'all' | 'selected', search: string, page: number, selected: Selections) {
  const members = useQuery({
    queryKey: [...MEMBERS_KEY, 'tag-list', search, page],
    queryFn: () => listMembers({ page, search }),
    staleTime: STALE_TIME.members,
    placeholderData: keepPreviousData,
    enabled: view === 'all',
  });
  const selectedRows = useMemo(() => selectedMembers(selected, search), [selected, search]);
  const rows: MemberRef[] =
    view === 'all' ? (members.data?.items ?? []) : selectedRows.slice((page - 1) * MAX_LIMIT, page * MAX_LIMIT);
  const total = view === 'all' ? (members.data?.total ?? 0) : selectedRows.length;
  return { members, rows, total };
}
