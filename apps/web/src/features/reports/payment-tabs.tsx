import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { REPORT_DEFAULT_ORDER, REPORT_SORT_FIELDS, formatDisplayDate, type PaymentReportRow } from '@parish/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ReportTable } from '../../components/report-table.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useReport, type ReportFilters } from './api.ts';
import { directColumns } from './direct-columns.tsx';
import { DirectTotals } from './direct-totals.tsx';
import { ReverseModal } from './reverse-modal.tsx';
import {
  DateRange,
  DownloadButton,
  Money,
  NameAndNumber,
  ReportState,
  SortControls,
  StatusBadge,
  Toolbar,
  TypeBadge,
  useMethodLabel,
} from './report-ui.tsx';

/**
 * Payment Details (`docs/domain.md`, §2 "Reports and Analytics"): every payment sorted by member
 * name: member, head with type, amount (the paid amount if paid), status badge, created date; 25 a
 * page.
 */
export function DetailsTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState({ sortBy: 'member', sortOrder: REPORT_DEFAULT_ORDER.details });
  const [page, setPage] = useState(1);
  const filters: ReportFilters = { search: debounced, ...sort };
  const report = useReport('details', filters, page);
  const data = report.data;
  return (
    <Stack>
      <Toolbar>
        <TextInput
          type="search"
          label={t('reports.filters.search')}
          placeholder={t('reports.filters.searchMember')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <SortControls
          fields={REPORT_SORT_FIELDS.details}
          labelPrefix="reports.details.sort"
          {...sort}
          onChange={(next) => {
            setSort(next);
            setPage(1);
          }}
        />
        <DownloadButton type="details" filters={filters} />
      </Toolbar>
      <ReportState
        isPending={report.isPending}
        error={report.error}
        empty={data?.total === 0}
        emptyTitle={t('reports.details.empty')}
        emptyText={t('reports.details.emptyText')}
      />
      {data && data.total > 0 ? (
        <>
          <ReportTable
            minWidth={760}
            rows={data.items}
            rowKey={(row) => row.paymentId}
            columns={[
              {
                key: 'member',
                header: t('reports.details.member'),
                cell: (row) => <NameAndNumber name={row.memberName} number={row.parishNumber} />,
              },
              {
                key: 'head',
                header: t('reports.details.head'),
                cell: (row) => (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{row.headName}</Text>
                    <TypeBadge type={row.headType} />
                  </Group>
                ),
              },
              {
                key: 'amount',
                header: t('reports.details.amount'),
                align: 'right',
                cell: (row) => <Money rupees={row.amount} />,
              },
              {
                key: 'status',
                header: t('reports.details.status'),
                cell: (row) => <StatusBadge status={row.status} />,
              },
              {
                key: 'created',
                header: t('reports.details.created'),
                nowrap: true,
                cell: (row) => formatDisplayDate(row.createdAt),
              },
            ]}
            pager={{ page, limit: data.limit, total: data.total, onPage: setPage }}
          />
        </>
      ) : null}
    </Stack>
  );
}

/**
 * Direct Collections (`docs/domain.md`, §2 "Reports and Analytics"): paid payments with the manual
 * gateway; filters date range, transaction ID text, member name or parish number; count and total
 * of every match; Export CSV; Reverse after a confirmation. 25 a page, newest first.
 */
export function DirectTab() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const methodLabel = useMethodLabel();
  const [range, setRange] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const [search, setSearch] = useState('');
  const [txn, setTxn] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [debouncedTxn] = useDebouncedValue(txn.trim(), 300);
  const [sort, setSort] = useState({ sortBy: 'date', sortOrder: REPORT_DEFAULT_ORDER.direct });
  const [page, setPage] = useState(1);
  const [reversing, setReversing] = useState<PaymentReportRow | null>(null);
  const filters: ReportFilters = { ...range, search: debouncedSearch, transactionId: debouncedTxn, ...sort };
  const report = useReport('direct', filters, page);
  const data = report.data;
  const resetPage = () => setPage(1);
  return (
    <Stack>
      <Toolbar>
        <DateRange
          from={range.from}
          to={range.to}
          onChange={(next) => {
            setRange(next);
            resetPage();
          }}
        />
        <TextInput
          type="search"
          label={t('reports.filters.transactionId')}
          value={txn}
          onChange={(event) => {
            setTxn(event.currentTarget.value);
            resetPage();
          }}
          w={{ base: '100%', sm: 200 }}
        />
        <TextInput
          type="search"
          label={t('reports.filters.memberOrParish')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            resetPage();
          }}
          w={{ base: '100%', sm: 240 }}
        />
        <SortControls
          fields={REPORT_SORT_FIELDS.direct}
          labelPrefix="reports.direct.sort"
          {...sort}
          onChange={(next) => {
            setSort(next);
            resetPage();
          }}
        />
        <Button
          variant="default"
          onClick={() => {
            setRange({ from: null, to: null });
            setSearch('');
            setTxn('');
            resetPage();
          }}
        >
          {t('reports.filters.clear')}
        </Button>
        <DownloadButton
          type="direct"
          filters={filters}
          label={t('reports.direct.exportCsv')}
          disabled={data?.total === 0}
        />
      </Toolbar>
      {data ? <DirectTotals totals={data.totals} /> : null}
      <ReportState
        isPending={report.isPending}
        error={report.error}
        empty={data?.total === 0}
        emptyTitle={t('reports.direct.empty')}
        emptyText={t('reports.direct.emptyText')}
      />
      {data && data.total > 0 ? (
        <>
          <ReportTable
            minWidth={980}
            highlightOnHover
            rows={data.items}
            rowKey={(row) => row.paymentId}
            columns={directColumns(t, methodLabel, user?.role === 'accountant' ? undefined : setReversing)}
            pager={{ page, limit: data.limit, total: data.total, onPage: setPage }}
          />
        </>
      ) : null}
      <ReverseModal row={reversing} onClose={() => setReversing(null)} />
    </Stack>
  );
}
