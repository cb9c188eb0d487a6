import '@mantine/dates/styles.css';

import { Alert, Button, Group, Loader, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_PARISH_TIMEZONE,
  calendarDateIn,
  formatDisplayDate,
  formatINR,
  type PaymentRecord,
} from '@parish/shared';
import { IconDownload, IconFileSpreadsheet, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { downloadTable, type TableFormat } from '../../lib/table-download.ts';
import { fetchCashierCollections, useCashierCollections, type CollectionFilters } from './api.ts';
import { DaySheetPanel } from './day-sheet-panel.tsx';

/** Collections per page (`docs/domain.md`, §2 "Page sizes and timings"). */
const PAGE_SIZE = 20;

const paidPaise = (payment: PaymentRecord) => paiseOf(payment.paidAmount ?? payment.amount);

function methodKey(method: string | null): string | null {
  if (method === 'cash') return 'collections.mine.methodCash';
  if (method === 'upi') return 'collections.mine.methodUpi';
  if (method === 'cheque') return 'collections.mine.methodCheque';
  return null;
}

/**
 * Cashier Collections (`/cashier/collections`, `docs/domain.md`, §2 "Cashier Collections"): the signed-in cashier's
 * own direct collections, searched, between From and To (parish calendar dates, inclusive), with
 * Clear, Refresh, Export CSV (disabled when empty), the total collected and 20 a page; 'No
 * Collections Found' when there are none. It opens on today, with the day sheet of the day shown
 * (`docs/domain.md`, "Day close").
 */
export default function CashierCollectionsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // My Collections opens on today (docs/domain.md, "Day close").
  const [today] = useState(() => calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE));
  const [from, setFrom] = useState<string | null>(today);
  const [to, setTo] = useState<string | null>(today);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<TableFormat | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const filters: CollectionFilters = { search: debounced, from, to };
  const list = useCashierCollections(filters, page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const methodText = (method: string | null) => {
    const key = methodKey(method);
    return key ? t(key) : (method ?? '');
  };

  function clear() {
    setSearch('');
    setFrom(null);
    setTo(null);
    setPage(1);
  }

  async function exportCollections(format: TableFormat) {
    setExporting(format);
    try {
      const items: PaymentRecord[] = [];
      for (let next = 1; ; next += 1) {
        const chunk = await fetchCashierCollections(filters, next, 100);
        items.push(...chunk.items);
        if (items.length >= chunk.total || chunk.items.length === 0) break;
      }
      const header = [
        'date',
        'receiptNumber',
        'member',
        'parishNumber',
        'head',
        'method',
        'transactionId',
        'amount',
      ].map((key) => t(`collections.mine.${key}`));
      const rows = items.map((item) => [
        formatDisplayDate(item.paidAt),
        item.receiptNumber ?? '',
        item.memberId.name,
        item.memberId.parishNumber,
        item.paymentHeadId.name,
        methodText(item.paymentMethod),
        item.transactionId ?? item.pgTransactionId ?? '',
        formatINR(paidPaise(item), { symbol: false }).replace(/,/g, ''),
      ]);
      await downloadTable(header, rows, {
        prefix: t('collections.mine.csvFile'),
        isoDay: calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE),
        format,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('common.error'),
        message: t('collections.mine.exportFailed', { reason: errorText(error) }),
      });
    } finally {
      setExporting(null);
    }
  }

  const empty = list.data !== undefined && list.data.total === 0;
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('collections.mine.title')}
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('collections.mine.searchLabel')}
          placeholder={t('collections.mine.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          type="search"
          w={{ base: '100%', sm: 320 }}
        />
        <DateInput
          label={t('collections.mine.from')}
          placeholder={t('collections.mine.datePlaceholder')}
          valueFormat="DD/MM/YYYY"
          value={from}
          onChange={(value) => {
            setFrom(value);
            setPage(1);
          }}
          maxDate={to ?? undefined}
          clearable
          w={{ base: 'calc(50% - 6px)', sm: 160 }}
          popoverProps={{ withinPortal: true }}
        />
        <DateInput
          label={t('collections.mine.to')}
          placeholder={t('collections.mine.datePlaceholder')}
          valueFormat="DD/MM/YYYY"
          value={to}
          onChange={(value) => {
            setTo(value);
            setPage(1);
          }}
          minDate={from ?? undefined}
          clearable
          w={{ base: 'calc(50% - 6px)', sm: 160 }}
          popoverProps={{ withinPortal: true }}
        />
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={clear}>
            {t('collections.mine.clear')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isPending}
          >
            {t('collections.mine.refresh')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void exportCollections('csv')}
            disabled={!list.data || empty || exporting === 'xlsx'}
            loading={exporting === 'csv'}
          >
            {t('collections.mine.exportCsv')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => void exportCollections('xlsx')}
            disabled={!list.data || empty || exporting === 'csv'}
            loading={exporting === 'xlsx'}
            aria-label={t('collections.mine.exportExcelLabel')}
          >
            {t('collections.mine.exportExcel')}
          </Button>
        </Group>
      </Group>
      <DaySheetPanel day={from !== null && from === to ? from : today} />
      <Paper withBorder p="sm" maw={360}>
        <Text size="sm" c="gray.7">
          {t('collections.mine.totalCollected')}
        </Text>
        <Text fw={700} fz="xl" c="green.9" style={{ fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
          {formatINR(paiseOf(list.data?.totalCollected ?? 0))}
        </Text>
        {list.data ? (
          <Text size="sm" c="gray.7">
            {t('collections.mine.count', { count: list.data.total })}
          </Text>
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
        <>
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('collections.mine.date')}</Table.Th>
                  <Table.Th>{t('collections.mine.member')}</Table.Th>
                  <Table.Th ta="right">{t('collections.mine.amount')}</Table.Th>
                  <Table.Th>{t('collections.mine.head')}</Table.Th>
                  <Table.Th>{t('collections.mine.method')}</Table.Th>
                  <Table.Th>{t('collections.mine.transactionId')}</Table.Th>
                  <Table.Th>{t('collections.mine.receiptNumber')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((item) => (
                  <Table.Tr key={item._id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(item.paidAt)}</Table.Td>
                    <Table.Td>
                      {item.memberId.name}
                      <Text size="xs" c="gray.7">
                        {item.memberId.parishNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatINR(paidPaise(item))}
                    </Table.Td>
                    <Table.Td>{item.paymentHeadId.name}</Table.Td>
                    <Table.Td>{methodText(item.paymentMethod)}</Table.Td>
                    <Table.Td>{item.transactionId ?? item.pgTransactionId ?? ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.receiptNumber ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              size="sm"
              gap={6}
              getControlProps={(control) => ({ 'aria-label': t(`collections.pager.${control}`) })}
              aria-label={t('collections.mine.pagination')}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
