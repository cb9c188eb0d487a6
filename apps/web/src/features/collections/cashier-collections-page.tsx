import '@mantine/dates/styles.css';

import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatINR } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { useCashierCollections } from './api.ts';
import { DaySheetPanel } from './day-sheet-panel.tsx';
import { MyCollectionsFilterBar } from './my-collections-filters.tsx';
import { MyCollectionsTable } from './my-collections-table.tsx';
import { useMyCollectionsExport, useMyCollectionsFilters } from './use-my-collections.ts';

/** Collections per page (`docs/domain.md`, §2 "Page sizes and timings"). */
const PAGE_SIZE = 20;

/**
 * Cashier Collections (`/cashier/collections`, `docs/domain.md`, §2 "Cashier Collections"): the signed-in cashier's
 * own direct collections, searched, between From and To (parish calendar dates, inclusive), with
 * Clear, Refresh, Export CSV (disabled when empty), the total collected and 20 a page; 'No
 * Collections Found' when there are none. It opens on today, with the day sheet of the day shown
 * (`docs/domain.md`, "Day close").
 */
export default function CashierCollectionsPage() {
  const { t } = useTranslation();
  const filters = useMyCollectionsFilters();
  const { from, to, today, page } = filters;
  const list = useCashierCollections(filters.filters, page, PAGE_SIZE);
  const { exporting, exportCollections } = useMyCollectionsExport(filters.filters);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  const empty = list.data !== undefined && list.data.total === 0;
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('collections.mine.title')}
      </Title>
      <MyCollectionsFilterBar
        filters={filters}
        refreshing={list.isFetching && !list.isPending}
        onRefresh={() => void list.refetch()}
        canExport={Boolean(list.data) && !empty}
        exporting={exporting}
        onExport={(format) => void exportCollections(format)}
      />
      <DaySheetPanel day={from !== null && from === to ? from : today} />
      <Paper withBorder p="sm" maw={360}>
        <Text size="sm" c="gray.7">
          {t('collections.mine.totalCollected')}
        </Text>
        <Text fw={700} fz="xl" c="green.9" style={{ fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
          {formatINR(paiseOf(list.data?.totalCollected))}
        </Text>
        {list.data ? (
          <>
            <Text size="sm" c="gray.7">
              {t('collections.mine.count', { count: list.data.total })}
            </Text>
            <Text size="xs" c="gray.7">
              {t('collections.mine.countHint')}
            </Text>
          </>
        ) : null}
      </Paper>
      {list.isPending ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('collections.mine.loading')}</Text>
        </Group>
      ) : null}
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('collections.mine.loadError', { reason: errorText(list.error) })}
        </Alert>
      ) : null}
      {empty ? (
        <Paper withBorder p="xl">
          <Text fw={600}>{t('collections.mine.emptyTitle')}</Text>
          <Text c="gray.7">{t('collections.mine.emptyText')}</Text>
        </Paper>
      ) : null}
      {list.data && !empty ? (
        <MyCollectionsTable items={list.data.items} page={page} pages={pages} onPage={filters.setPage} />
      ) : null}
    </Stack>
  );
}
