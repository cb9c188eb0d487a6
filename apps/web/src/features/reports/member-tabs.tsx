import { Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { REPORT_DEFAULT_ORDER, REPORT_SORT_FIELDS, formatINR } from '@parish/shared';
import { IconHistory, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MemberHistory } from '../../components/member-history.tsx';
import { DownloadButton, Money, RateBar, ReportPager, ReportState, SortControls, Toolbar } from './report-ui.tsx';
import { toPaise, useReport, type ReportFilters } from './api.ts';

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={t('reports.filters.search')}
      placeholder={t('reports.filters.searchMember')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', sm: 280 }}
    />
  );
}

/**
 * Member Analysis (section 2): name, parish number, mobile, amount paid, amount pending, the
 * payment-rate bar capped at 100% and View history (the Payment Summary dialog); search by name,
 * phone or parish number; 25 a page; 'No Payment Data' when empty.
 */
export function MemberTab({ role }: { role: 'admin' | 'cashier' }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState({ sortBy: 'name', sortOrder: REPORT_DEFAULT_ORDER.member });
  const [page, setPage] = useState(1);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const filters: ReportFilters = { search: debounced, ...sort };
  const report = useReport('member', filters, page);
  const data = report.data;
  return (
    <Stack>
      <Toolbar>
        <SearchBox
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <SortControls
          fields={REPORT_SORT_FIELDS.member}
          labelPrefix="reports.member.sort"
          {...sort}
          onChange={(next) => {
            setSort(next);
            setPage(1);
          }}
        />
        <DownloadButton type="member" filters={filters} />
      </Toolbar>
      <ReportState
        isPending={report.isPending}
        error={report.error}
        empty={data?.total === 0}
        emptyTitle={t('reports.member.empty')}
        emptyText={t('reports.member.emptyText')}
      />
      {data && data.total > 0 ? (
        <>
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.member.nameAndNumber')}</Table.Th>
                  <Table.Th ta="right">{t('reports.member.amountPaid')}</Table.Th>
                  <Table.Th ta="right">{t('reports.member.amountPending')}</Table.Th>
                  <Table.Th>{t('reports.member.paymentRate')}</Table.Th>
                  <Table.Th>{t('reports.member.mobile')}</Table.Th>
                  <Table.Th>{t('reports.member.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((row) => (
                  <Table.Tr key={row.memberId}>
                    <Table.Td>
                      {row.name}
                      <Text size="xs" c="gray.7">
                        {row.parishNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.amountPaid} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.amountPending} />
                    </Table.Td>
                    <Table.Td>
                      <RateBar
                        rate={row.paymentRate}
                        label={t('reports.member.rateLabel', { name: row.name, rate: row.paymentRate })}
                      />
                    </Table.Td>
                    <Table.Td>{row.mobile}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconHistory size={14} aria-hidden />}
                        aria-label={t('reports.member.viewHistoryFor', { name: row.name })}
                        onClick={() => setHistoryOf(row.memberId)}
                      >
                        {t('reports.member.viewHistory')}
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
      <MemberHistory memberId={historyOf} mode={role} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}

/**
 * The Member-wise Due report (section 2 names it without detail): per member the pending amount
 * of arrears, current dues and miscellaneous and in total, largest first, 25 a page.
 */
export function MemberDueTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState({ sortBy: 'pending', sortOrder: REPORT_DEFAULT_ORDER['member-due'] });
  const [page, setPage] = useState(1);
  const filters: ReportFilters = { search: debounced, ...sort };
  const report = useReport('member-due', filters, page);
  const data = report.data;
  return (
    <Stack>
      <Toolbar>
        <SearchBox
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <SortControls
          fields={REPORT_SORT_FIELDS['member-due']}
          labelPrefix="reports.memberDue.sort"
          {...sort}
          onChange={(next) => {
            setSort(next);
            setPage(1);
          }}
        />
        <DownloadButton type="member-due" filters={filters} />
      </Toolbar>
      <ReportState
        isPending={report.isPending}
        error={report.error}
        empty={data?.total === 0}
        emptyTitle={t('reports.memberDue.empty')}
        emptyText={t('reports.memberDue.emptyText')}
      />
      {data && data.total > 0 ? (
        <>
          <Text fw={600}>
            {t('reports.memberDue.totals', {
              members: data.totals.members,
              amount: formatINR(toPaise(data.totals.totalPending)),
            })}
          </Text>
          <Table.ScrollContainer minWidth={820}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.memberDue.nameAndNumber')}</Table.Th>
                  <Table.Th ta="right">{t('reports.memberDue.totalPending')}</Table.Th>
                  <Table.Th ta="right">{t('reports.memberDue.arrears')}</Table.Th>
                  <Table.Th ta="right">{t('reports.memberDue.current')}</Table.Th>
                  <Table.Th ta="right">{t('reports.memberDue.misc')}</Table.Th>
                  <Table.Th>{t('reports.memberDue.mobile')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((row) => (
                  <Table.Tr key={row.memberId}>
                    <Table.Td>
                      {row.name}
                      <Text size="xs" c="gray.7">
                        {row.parishNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.totalPending} strong />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.arrears} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.current} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money rupees={row.misc} />
                    </Table.Td>
                    <Table.Td>{row.mobile}</Table.Td>
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
