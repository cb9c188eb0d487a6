import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { REPORT_DEFAULT_ORDER, REPORT_SORT_FIELDS, formatDisplayDate, formatINR, type Rupees } from '@parish/shared';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ReportTable } from '../../components/report-table.tsx';
import { amountPaise } from '../../lib/money.ts';
import { HEAD_MEMBERS_PAGE, useHeadMembers, useReport, type ReportFilters } from './api.ts';
import { ChartCard } from './chart-card.tsx';
import {
  DownloadButton,
  Money,
  NameAndNumber,
  ReportState,
  SortControls,
  StatusBadge,
  Toolbar,
  TypeBadge,
  percent,
} from './report-ui.tsx';

/** The members tagged to one head (`GET /api/payments?paymentHeadId=`), 25 a page. */
function HeadMembersModal({ head, onClose }: { head: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useHeadMembers(head?.id ?? null, page);
  return (
    <Modal
      opened={head !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={t('reports.head.membersTitle', { name: head?.name ?? '' })}
      size="lg"
    >
      <Stack>
        {list.isPending ? <Text role="status">{t('reports.head.membersLoading')}</Text> : null}
        <ReportState
          isPending={false}
          error={list.error}
          empty={list.data?.total === 0}
          emptyTitle={t('reports.head.membersEmpty')}
          emptyText=""
        />
        {list.data && list.data.total > 0 ? (
          <>
            <ReportTable
              minWidth={480}
              rows={list.data.items}
              rowKey={(payment) => payment._id}
              columns={[
                {
                  key: 'member',
                  header: t('reports.head.member'),
                  cell: (payment) => (
                    <NameAndNumber name={payment.memberId.name} number={payment.memberId.parishNumber} />
                  ),
                },
                {
                  key: 'amount',
                  header: t('reports.head.amount'),
                  align: 'right',
                  cell: (payment) => <Money rupees={payment.paidAmount ?? payment.amount} />,
                },
                {
                  key: 'status',
                  header: t('reports.head.status'),
                  cell: (payment) => <StatusBadge status={payment.status} />,
                },
                {
                  key: 'date',
                  header: t('reports.head.date'),
                  nowrap: true,
                  cell: (payment) => formatDisplayDate(payment.paidAt ?? payment.createdAt),
                },
              ]}
              pager={{ page, limit: HEAD_MEMBERS_PAGE, total: list.data.total, onPage: setPage }}
            />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reports.head.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Payment Head Analysis (`docs/domain.md`, §2 "Reports and Analytics"): sorted by head name; head
 * with base amount, type badge, collected, outstanding, collection rate (one decimal) and View
 * Members; 25 a page; a chart of collected versus outstanding.
 */
export function HeadTab() {
  const { t } = useTranslation();
  const [sort, setSort] = useState({ sortBy: 'name', sortOrder: REPORT_DEFAULT_ORDER.head });
  const [page, setPage] = useState(1);
  const [membersOf, setMembersOf] = useState<{ id: string; name: string } | null>(null);
  const filters: ReportFilters = { ...sort };
  const report = useReport('head', filters, page);
  const data = report.data;
  return (
    <Stack>
      <Toolbar>
        <SortControls
          fields={REPORT_SORT_FIELDS.head}
          labelPrefix="reports.head.sort"
          {...sort}
          onChange={(next) => {
            setSort(next);
            setPage(1);
          }}
        />
        <DownloadButton type="head" filters={filters} />
      </Toolbar>
      <ReportState
        isPending={report.isPending}
        error={report.error}
        empty={data?.total === 0}
        emptyTitle={t('reports.head.empty')}
        emptyText={t('reports.head.emptyText')}
      />
      {data && data.total > 0 ? (
        <>
          {data.chart.length > 0 ? (
            <ChartCard
              title={t('reports.head.chartTitle')}
              text={t('reports.head.chartText')}
              chart={{ kind: 'heads', data: data.chart }}
            />
          ) : null}
          <ReportTable
            minWidth={820}
            highlightOnHover
            rows={data.items}
            rowKey={(row) => row.paymentHeadId}
            columns={[
              {
                key: 'head',
                header: t('reports.head.head'),
                cell: (row) => (
                  <>
                    <Text fw={600} size="sm">
                      {row.name} ({row.year})
                      {row.isActive ? null : (
                        <Badge ml="xs" color="gray" variant="light" size="sm">
                          {t('reports.head.inactive')}
                        </Badge>
                      )}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {t('reports.head.baseAmount', { amount: formatINR(amountPaise(row.amount)) })}
                    </Text>
                  </>
                ),
              },
              { key: 'type', header: t('reports.head.type'), cell: (row) => <TypeBadge type={row.type} /> },
              {
                key: 'collected',
                header: t('reports.head.collected'),
                align: 'right',
                cell: (row) => <Money rupees={row.collected} />,
              },
              {
                key: 'outstanding',
                header: t('reports.head.outstanding'),
                align: 'right',
                cell: (row) => <Money rupees={row.outstanding} />,
              },
              {
                key: 'rate',
                header: t('reports.head.collectionRate'),
                align: 'right',
                cell: (row) => `${percent(row.collectionRate)}%`,
              },
              {
                key: 'actions',
                header: t('reports.head.actions'),
                cell: (row) => (
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconUsers size={14} aria-hidden />}
                    aria-label={t('reports.head.viewMembersFor', { name: row.name })}
                    onClick={() => setMembersOf({ id: row.paymentHeadId, name: row.name })}
                  >
                    {t('reports.head.viewMembers')}
                  </Button>
                ),
              },
            ]}
            pager={{ page, limit: data.limit, total: data.total, onPage: setPage }}
          />
        </>
      ) : null}
      <HeadMembersModal head={membersOf} onClose={() => setMembersOf(null)} />
    </Stack>
  );
}

/**
 * Year-wise Summary (`docs/domain.md`, §2 "Reports and Analytics"): per year newest first: total
 * receivable, collected, rate, and arrears, current and miscellaneous collected and pending; 10 a
 * page; 'No Data Available'; a trend chart of every year.
 */
export function YearwiseTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const report = useReport('yearwise', {}, page);
  const data = report.data;
  const split = (group: { collected: Rupees; pending: Rupees }) => (
    <Stack gap={0}>
      <Text size="sm" c="green.9" style={{ whiteSpace: 'nowrap' }}>
        {t('reports.yearwise.collectedShort')}: {formatINR(amountPaise(group.collected))}
      </Text>
      <Text size="sm" c="orange.9" style={{ whiteSpace: 'nowrap' }}>
        {t('reports.yearwise.pendingShort')}: {formatINR(amountPaise(group.pending))}
      </Text>
    </Stack>
  );
  return (
    <Stack>
      <Toolbar>
        <DownloadButton type="yearwise" filters={{}} />
      </Toolbar>
      <ReportState
        isPending={report.isPending}
        error={report.error}
        empty={data?.total === 0}
        emptyTitle={t('reports.yearwise.empty')}
        emptyText={t('reports.yearwise.emptyText')}
      />
      {data && data.total > 0 ? (
        <>
          {data.trend.length > 0 ? (
            <ChartCard
              title={t('reports.yearwise.chartTitle')}
              text={t('reports.yearwise.chartText')}
              chart={{ kind: 'years', data: data.trend }}
            />
          ) : null}
          <ReportTable
            minWidth={980}
            rows={data.items}
            rowKey={(row) => row.year}
            columns={[
              { key: 'year', header: t('reports.yearwise.year'), strong: true, cell: (row) => row.year },
              {
                key: 'receivable',
                header: t('reports.yearwise.totalReceivable'),
                align: 'right',
                cell: (row) => <Money rupees={row.totalReceivable} />,
              },
              {
                key: 'collected',
                header: t('reports.yearwise.collected'),
                align: 'right',
                cell: (row) => <Money rupees={row.collected} />,
              },
              {
                key: 'rate',
                header: t('reports.yearwise.rate'),
                align: 'right',
                cell: (row) => `${percent(row.collectionRate)}%`,
              },
              { key: 'arrears', header: t('reports.yearwise.arrears'), cell: (row) => split(row.arrears) },
              { key: 'current', header: t('reports.yearwise.current'), cell: (row) => split(row.current) },
              { key: 'misc', header: t('reports.yearwise.misc'), cell: (row) => split(row.misc) },
            ]}
            pager={{ page, limit: data.limit, total: data.total, onPage: setPage }}
          />
        </>
      ) : null}
    </Stack>
  );
}
