import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { REPORT_DEFAULT_ORDER, REPORT_SORT_FIELDS, formatDisplayDate, formatINR } from '@parish/shared';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { HEAD_MEMBERS_PAGE, toPaise, useHeadMembers, useReport, type ReportFilters } from './api.ts';
import { ChartCard } from './chart-card.tsx';
import {
  DownloadButton,
  Money,
  ReportPager,
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
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reports.head.member')}</Table.Th>
                    <Table.Th ta="right">{t('reports.head.amount')}</Table.Th>
                    <Table.Th>{t('reports.head.status')}</Table.Th>
                    <Table.Th>{t('reports.head.date')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((payment) => (
                    <Table.Tr key={payment._id}>
                      <Table.Td>
                        {payment.memberId.name}
                        <Text size="xs" c="gray.7">
                          {payment.memberId.parishNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money rupees={payment.paidAmount ?? payment.amount} />
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={payment.status} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDisplayDate(payment.paidAt ?? payment.createdAt)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ReportPager page={page} limit={HEAD_MEMBERS_PAGE} total={list.data.total} onPage={setPage} />
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
 * Payment Head Analysis (section 2): sorted by head name; head with base amount, type badge,
 * collected, outstanding, collection rate (one decimal) and View Members; 25 a page; a chart of
 * collected versus outstanding.
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
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.head.head')}</Table.Th>
                  <Table.Th>{t('reports.head.type')}</Table.Th>
                  <Table.Th ta="right">{t('reports.head.collected')}</Table.Th>
                  <Table.Th ta="right">{t('reports.head.outstanding')}</Table.Th>
                  <Table.Th ta="right">{t('reports.head.collectionRate')}</Table.Th>
                  <Table.Th>{t('reports.head.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((row) => (
                  <Table.Tr key={row.paymentHeadId}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {row.name} ({row.year})
                        {row.isActive ? null : (
                          <Badge ml="xs" color="gray" variant="light" size="sm">
                            {t('reports.head.inactive')}
                          </Badge>
                        )}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {t('reports.head.baseAmount', { amount: formatINR(toPaise(row.amount)) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TypeBadge type={row.type} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.collected} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.outstanding} />
                    </Table.Td>
                    <Table.Td ta="right">{percent(row.collectionRate)}%</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconUsers size={14} aria-hidden />}
                        aria-label={t('reports.head.viewMembersFor', { name: row.name })}
                        onClick={() => setMembersOf({ id: row.paymentHeadId, name: row.name })}
                      >
                        {t('reports.head.viewMembers')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ReportPager page={page} limit={data.limit} total={data.total} onPage={setPage} />
        </>
      ) : null}
      <HeadMembersModal head={membersOf} onClose={() => setMembersOf(null)} />
    </Stack>
  );
}

/**
 * Year-wise Summary (section 2): per year newest first: total receivable, collected, rate, and
 * arrears, current and miscellaneous collected and pending; 10 a page; 'No Data Available';
 * a trend chart of every year.
 */
export function YearwiseTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const report = useReport('yearwise', {}, page);
  const data = report.data;
  const split = (group: { collected: number; pending: number }) => (
    <Stack gap={0}>
      <Text size="sm" c="green.9" style={{ whiteSpace: 'nowrap' }}>
        {t('reports.yearwise.collectedShort')}: {formatINR(toPaise(group.collected))}
      </Text>
      <Text size="sm" c="orange.9" style={{ whiteSpace: 'nowrap' }}>
        {t('reports.yearwise.pendingShort')}: {formatINR(toPaise(group.pending))}
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
          <Table.ScrollContainer minWidth={980}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.yearwise.year')}</Table.Th>
                  <Table.Th ta="right">{t('reports.yearwise.totalReceivable')}</Table.Th>
                  <Table.Th ta="right">{t('reports.yearwise.collected')}</Table.Th>
                  <Table.Th ta="right">{t('reports.yearwise.rate')}</Table.Th>
                  <Table.Th>{t('reports.yearwise.arrears')}</Table.Th>
                  <Table.Th>{t('reports.yearwise.current')}</Table.Th>
                  <Table.Th>{t('reports.yearwise.misc')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((row) => (
                  <Table.Tr key={row.year}>
                    <Table.Td fw={600}>{row.year}</Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.totalReceivable} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.collected} />
                    </Table.Td>
                    <Table.Td ta="right">{percent(row.collectionRate)}%</Table.Td>
                    <Table.Td>{split(row.arrears)}</Table.Td>
                    <Table.Td>{split(row.current)}</Table.Td>
                    <Table.Td>{split(row.misc)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ReportPager page={page} limit={data.limit} total={data.total} onPage={setPage} />
        </>
      ) : null}
    </Stack>
  );
}
