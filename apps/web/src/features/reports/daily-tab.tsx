import { Button, Stack, Text } from '@mantine/core';
import { REPORT_DEFAULT_ORDER, REPORT_SORT_FIELDS, formatDisplayDate, formatINR } from '@parish/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ReportTable } from '../../components/report-table.tsx';
import { TestPaymentsLine } from '../../components/test-payments-line.tsx';
import { amountPaise } from '../../lib/money.ts';
import { useReport, type ReportFilters } from './api.ts';
import { ChartCard } from './chart-card.tsx';
import { DateRange, DownloadButton, Money, ReportState, SortControls, Toolbar, useMethodLabel } from './report-ui.tsx';

/**
 * Daily Collections (`docs/domain.md`, §2 "Reports and Analytics"): a date range (default the
 * server's last 30 days), a chart of every day of the range, and a table of the days with
 * collections, 25 a page.
 */
export function DailyTab() {
  const { t } = useTranslation();
  const methodLabel = useMethodLabel();
  const [range, setRange] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const [sort, setSort] = useState({ sortBy: 'date', sortOrder: REPORT_DEFAULT_ORDER.daily });
  const [page, setPage] = useState(1);
  const filters: ReportFilters = { ...range, ...sort };
  const report = useReport('daily', filters, page);
  const data = report.data;
  return (
    <Stack>
      <Toolbar>
        <DateRange
          from={range.from}
          to={range.to}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
        <SortControls
          fields={REPORT_SORT_FIELDS.daily}
          labelPrefix="reports.daily.sort"
          {...sort}
          onChange={(next) => {
            setSort(next);
            setPage(1);
          }}
        />
        <Button
          variant="default"
          onClick={() => {
            setRange({ from: null, to: null });
            setPage(1);
          }}
        >
          {t('reports.filters.clear')}
        </Button>
        <DownloadButton type="daily" filters={filters} />
      </Toolbar>
      <ReportState
        isPending={report.isPending}
        error={report.error}
        empty={data?.total === 0}
        emptyTitle={t('reports.daily.empty')}
        emptyText={t('reports.daily.emptyText')}
      />
      {data ? (
        <>
          <Text fw={600} aria-live="polite">
            {t('reports.daily.total', { count: data.totals.count, amount: formatINR(amountPaise(data.totals.amount)) })}
          </Text>
          <TestPaymentsLine value={data.testPayments} />
          {data.total > 0 ? (
            <>
              <ChartCard
                title={t('reports.daily.chartTitle')}
                text={t('reports.daily.chartText', {
                  from: formatDisplayDate(data.from),
                  to: formatDisplayDate(data.to),
                })}
                chart={{ kind: 'daily', series: data.series }}
              />
              <ReportTable
                minWidth={560}
                rows={data.items}
                rowKey={(row) => row.day}
                columns={[
                  {
                    key: 'date',
                    header: t('reports.daily.date'),
                    nowrap: true,
                    cell: (row) => formatDisplayDate(row.day),
                  },
                  { key: 'count', header: t('reports.daily.count'), align: 'right', cell: (row) => row.count },
                  {
                    key: 'amount',
                    header: t('reports.daily.amount'),
                    align: 'right',
                    cell: (row) => <Money rupees={row.amount} />,
                  },
                  {
                    key: 'byMethod',
                    header: t('reports.daily.byMethod'),
                    cell: (row) => (
                      <Text size="sm">
                        {row.byMethod
                          .map((m) => `${methodLabel(m.method)} ${formatINR(amountPaise(m.amount))} (${m.count})`)
                          .join(' · ')}
                      </Text>
                    ),
                  },
                ]}
                pager={{ page, limit: data.limit, total: data.total, onPage: setPage }}
              />
            </>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
