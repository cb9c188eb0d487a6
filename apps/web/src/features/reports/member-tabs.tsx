import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DUE_TYPES, REPORT_DEFAULT_ORDER, REPORT_SORT_FIELDS, formatINR, type DueType } from '@parish/shared';
import { IconHistory, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MemberHistory } from '../../components/member-history.tsx';
import { ReportTable } from '../../components/report-table.tsx';
import { amountPaise } from '../../lib/money.ts';
import { useReport, type ReportFilters } from './api.ts';
import { DownloadButton, Money, NameAndNumber, RateBar, ReportState, SortControls, Toolbar } from './report-ui.tsx';

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
 * Member Analysis (`docs/domain.md`, §2 "Reports and Analytics"): name, parish number, mobile,
 * amount paid, amount pending, the payment-rate bar capped at 100% and View history (the Payment
 * Summary dialog); search by name, phone or parish number; 25 a page; 'No Payment Data' when empty.
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
          <ReportTable
            minWidth={860}
            highlightOnHover
            rows={data.items}
            rowKey={(row) => row.memberId}
            columns={[
              {
                key: 'name',
                header: t('reports.member.nameAndNumber'),
                cell: (row) => <NameAndNumber name={row.name} number={row.parishNumber} />,
              },
              {
                key: 'paid',
                header: t('reports.member.amountPaid'),
                align: 'right',
                cell: (row) => <Money rupees={row.amountPaid} />,
              },
              {
                key: 'pending',
                header: t('reports.member.amountPending'),
                align: 'right',
                cell: (row) => <Money rupees={row.amountPending} />,
              },
              {
                key: 'rate',
                header: t('reports.member.paymentRate'),
                cell: (row) => (
                  <RateBar
                    rate={row.paymentRate}
                    label={t('reports.member.rateLabel', { name: row.name, rate: row.paymentRate })}
                  />
                ),
              },
              { key: 'mobile', header: t('reports.member.mobile'), cell: (row) => row.mobile },
              {
                key: 'actions',
                header: t('reports.member.actions'),
                cell: (row) => (
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconHistory size={14} aria-hidden />}
                    aria-label={t('reports.member.viewHistoryFor', { name: row.name })}
                    onClick={() => setHistoryOf(row.memberId)}
                  >
                    {t('reports.member.viewHistory')}
                  </Button>
                ),
              },
            ]}
            pager={{ page, limit: data.limit, total: data.total, onPage: setPage }}
          />
        </>
      ) : null}
      <MemberHistory memberId={historyOf} mode={role} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}

/**
 * The Member-wise Due report (`docs/domain.md`, §2 "Reports and Analytics" names it without
 * detail): per member the pending amount of arrears, current dues and miscellaneous and in total,
 * largest first, 25 a page. `dueType` (from the dashboard's Arrears / Current / Misc cards) lists
 * only that type of dues, so the report's total is the card's figure.
 */
export function MemberDueTab({ dueType: initialDueType }: { dueType?: DueType | undefined }) {
  const { t } = useTranslation();
  const [dueType, setDueType] = useState<DueType | ''>(initialDueType ?? '');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState({ sortBy: 'pending', sortOrder: REPORT_DEFAULT_ORDER['member-due'] });
  const [page, setPage] = useState(1);
  const filters: ReportFilters = { search: debounced, ...sort, dueType };
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
        <NativeSelect
          label={t('reports.memberDue.dueType')}
          value={dueType}
          onChange={(event) => {
            setDueType(event.currentTarget.value as DueType | '');
            setPage(1);
          }}
          data={[
            { value: '', label: t('reports.memberDue.allTypes') },
            ...DUE_TYPES.map((type) => ({ value: type, label: t(`reports.memberDue.${type}`) })),
          ]}
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
              count: data.totals.members,
              amount: formatINR(amountPaise(dueType ? data.totals[dueType] : data.totals.totalPending)),
            })}
          </Text>
          <ReportTable
            minWidth={820}
            rows={data.items}
            rowKey={(row) => row.memberId}
            columns={[
              {
                key: 'name',
                header: t('reports.memberDue.nameAndNumber'),
                cell: (row) => <NameAndNumber name={row.name} number={row.parishNumber} />,
              },
              {
                key: 'total',
                header: t('reports.memberDue.totalPending'),
                align: 'right',
                cell: (row) => <Money rupees={row.totalPending} strong />,
              },
              {
                key: 'arrears',
                header: t('reports.memberDue.arrears'),
                align: 'right',
                cell: (row) => <Money rupees={row.arrears} />,
              },
              {
                key: 'current',
                header: t('reports.memberDue.current'),
                align: 'right',
                cell: (row) => <Money rupees={row.current} />,
              },
              {
                key: 'misc',
                header: t('reports.memberDue.misc'),
                align: 'right',
                cell: (row) => <Money rupees={row.misc} />,
              },
              { key: 'mobile', header: t('reports.memberDue.mobile'), cell: (row) => row.mobile },
            ]}
            pager={{ page, limit: data.limit, total: data.total, onPage: setPage }}
          />
        </>
      ) : null}
    </Stack>
  );
}
