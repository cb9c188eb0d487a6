import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatINR } from '@parish/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ReportTable } from '../../components/report-table.tsx';
import { TestPaymentsLine } from '../../components/test-payments-line.tsx';
import { amountPaise } from '../../lib/money.ts';
import { useReport } from './api.ts';
import { ChartCard } from './chart-card.tsx';
import { DownloadButton, Money, ReportState, percent, useMethodLabel } from './report-ui.tsx';

function Figure({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {children}
      </Text>
      {hint ? (
        <Text size="xs" c="gray.7">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * Overview (`docs/domain.md`, §2 "Reports and Analytics"): Today's Collection, Total Receivables,
 * Total Collected, Collection Rate, and collections by method.
 */
export function OverviewTab() {
  const { t } = useTranslation();
  const methodLabel = useMethodLabel();
  const report = useReport('overview', {});
  const data = report.data;
  return (
    <Stack>
      <Group justify="flex-end">
        <DownloadButton type="overview" filters={{}} />
      </Group>
      <ReportState isPending={report.isPending} error={report.error} empty={false} emptyTitle="" emptyText="" />
      {data ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Figure label={t('reports.overview.todaysCollection')}>
              <Money rupees={data.todaysCollection} />
            </Figure>
            <Figure
              label={t('reports.overview.totalReceivables')}
              hint={t('yearEnd.concession.reportFigure', {
                amount: formatINR(amountPaise(data.totalConcessions)),
              })}
            >
              <Money rupees={data.totalReceivables} />
            </Figure>
            <Figure
              label={t('reports.overview.totalCollected')}
              hint={t('reports.overview.outstanding', { amount: formatINR(amountPaise(data.totalOutstanding)) })}
            >
              <Money rupees={data.totalCollected} />
            </Figure>
            <Figure
              label={t('reports.overview.collectionRate')}
              hint={t('reports.overview.paidOfTotal', { paid: data.payments.paid, count: data.payments.total })}
            >
              {percent(data.collectionRate)}%
            </Figure>
          </SimpleGrid>
          <TestPaymentsLine value={data.testPayments} />
          {data.byMethod.length === 0 ? (
            <ReportState
              isPending={false}
              error={null}
              empty
              emptyTitle={t('reports.overview.noCollections')}
              emptyText={t('reports.daily.emptyText')}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <ChartCard
                title={t('reports.overview.byMethodTitle')}
                text={t('reports.overview.byMethodText')}
                chart={{ kind: 'methods', data: data.byMethod, methodLabel }}
              />
              <Paper withBorder p="md">
                <ReportTable
                  minWidth={300}
                  striped={false}
                  rows={data.byMethod}
                  rowKey={(row) => row.method}
                  columns={[
                    { key: 'method', header: t('reports.overview.method'), cell: (row) => methodLabel(row.method) },
                    { key: 'count', header: t('reports.overview.count'), align: 'right', cell: (row) => row.count },
                    {
                      key: 'amount',
                      header: t('reports.overview.amount'),
                      align: 'right',
                      cell: (row) => <Money rupees={row.amount} />,
                    },
                  ]}
                />
              </Paper>
            </SimpleGrid>
          )}
        </>
      ) : null}
    </Stack>
  );
}
