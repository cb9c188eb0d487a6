import { Box, Paper, Stack, Text } from '@mantine/core';
import type { ContractOutput, memberContracts } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { TablePager } from '../../components/table-pager.tsx';
import type { PagedSearch } from '../../lib/use-paged-search.ts';
import { MembersCards, MembersTable, type MemberRowActions, type MemberSort } from './members-table.tsx';

/** One page of members (`GET /api/members`). */
type MemberList = ContractOutput<typeof memberContracts.list>;

/**
 * One page of the Members page's list (`docs/domain.md`, §2 "Members page"): the table (a card
 * list on a phone, with its own sort picker), the empty text (naming the search when there is
 * one) and the pager.
 * @param onSort a new sort from the cards' picker (the table sorts through `onSortBy`)
 */
export function MembersResults({
  data,
  paged,
  sort,
  onSortBy,
  onSort,
  actions,
}: {
  data: MemberList;
  paged: PagedSearch;
  sort: MemberSort;
  onSortBy: (field: MemberSort['sortBy']) => void;
  onSort: (next: MemberSort) => void;
  actions: MemberRowActions;
}) {
  const { t } = useTranslation();
  const searched = paged.debouncedSearch.trim();
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
      <Stack>
        {data.items.length === 0 ? (
          <Text c="gray.7" py="md" ta="center">
            {searched ? t('members.emptySearch', { search: searched }) : t('members.empty')}
          </Text>
        ) : (
          <>
            <Box visibleFrom="sm">
              <MembersTable items={data.items} sort={sort} onSort={onSortBy} actions={actions} />
            </Box>
            <Box hiddenFrom="sm">
              <MembersCards items={data.items} sort={sort} onSortChange={onSort} actions={actions} />
            </Box>
          </>
        )}
        {data.total > 0 ? (
          <TablePager
            page={paged.page}
            limit={paged.limit}
            total={data.total}
            totalIsLowerBound={data.totalIsLowerBound}
            label={t('members.pager.label')}
            onPage={paged.setPage}
            onLimit={paged.setLimit}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
