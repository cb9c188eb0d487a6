import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { formatDisplayDate } from '@parish/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TablePager } from '../../components/table-pager.tsx';
import { errorText } from '../../lib/error-text.ts';
import { downloadTable, type TableFormat } from '../../lib/table-download.ts';
import { formatRupees } from '../../lib/money.ts';
import { STALE_TIME } from '../../lib/query-client.ts';
import {
  listAllHeadPayments,
  listHeadPayments,
  parishToday,
  PAYMENTS_KEY,
  type HeadPayment,
  type PaymentHead,
  type PaymentSortBy,
} from './api.ts';
import { usePhone } from './use-phone.ts';

/** Page sizes of the shared paginated table (`docs/domain.md`, §2 "Shared pieces"). */
const PAGE_SIZES = ['10', '25', '50', '100'];

const STATUS_COLOR: Record<HeadPayment['status'], string> = {
  paid: 'green.8',
  pending: 'orange.9',
  failed: 'red.8',
  waived: 'gray.7',
};

/** A head name made safe for a file name. */
export function fileSafe(name: string): string {
  return name.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '') || 'account_head';
}

function SortHeader({
  column,
  label,
  sortBy,
  sortOrder,
  onSort,
  align,
}: {
  column: PaymentSortBy;
  label: string;
  sortBy: PaymentSortBy;
  sortOrder: 'asc' | 'desc';
  onSort: (column: PaymentSortBy) => void;
  align?: 'right';
}) {
  const { t } = useTranslation();
  const active = sortBy === column;
  const Icon = !active ? IconArrowsSort : sortOrder === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'} ta={align}>
      <UnstyledButton
        onClick={() => onSort(column)}
        aria-label={t('paymentHeads.members.sortBy', { column: label })}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * Payment-head members dialog (`docs/domain.md`, §2 "Manage Account Heads page"): the members
 * tagged to a head with search, status filter (all, paid, pending), sortable columns (member,
 * amount, status, date), server-side paging (10, 25, 50, 100 rows) and a download of every matching
 * row as a CSV (cells neutralised against formula injection) or an Excel workbook (mobiles and
 * parish numbers text cells), named `<head>_members_<YYYY-MM-DD>.csv` / `.xlsx`.
 */
export function HeadMembersModal({ head, onClose }: { head: PaymentHead; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<'all' | 'paid' | 'pending'>('all');
  const [sortBy, setSortBy] = useState<PaymentSortBy>('member');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [downloading, setDownloading] = useState<TableFormat | null>(null);

  const filter = {
    paymentHeadId: head._id,
    search: debounced || undefined,
    status: status === 'all' ? undefined : status,
    sortBy,
    sortOrder,
  };
  const list = useQuery({
    queryKey: [...PAYMENTS_KEY, 'head-members', filter, page, limit],
    queryFn: () => listHeadPayments({ ...filter, page, limit }),
    staleTime: STALE_TIME.payments,
    placeholderData: keepPreviousData,
  });

  function sort(column: PaymentSortBy) {
    if (column === sortBy) setSortOrder(sortOrder === 'asc' ? 'desc' : 'asc');
    else {
      setSortBy(column);
      setSortOrder('asc');
    }
    setPage(1);
  }

  async function download(format: TableFormat) {
    setDownloading(format);
    try {
      const all = await listAllHeadPayments(filter);
      const header = ['name', 'parishNumber', 'mobile', 'amount', 'paidAmount', 'status', 'paidAt', 'createdAt'].map(
        (key) => t(`paymentHeads.members.csvHeader.${key}`),
      );
      const rows = all.map((payment) => [
        payment.memberId.name,
        payment.memberId.parishNumber,
        payment.memberId.mobile,
        payment.amount,
        payment.paidAmount ?? '',
        payment.status,
        formatDisplayDate(payment.paidAt),
        formatDisplayDate(payment.createdAt),
      ]);
      await downloadTable(header, rows, { prefix: `${fileSafe(head.name)}_members`, isoDay: parishToday(), format });
    } catch (caught) {
      notifications.show({
        color: 'red',
        title: t('paymentHeads.members.downloadError'),
        message: errorText(caught),
      });
    } finally {
      setDownloading(null);
    }
  }

  const total = list.data?.total ?? 0;
  const columns = {
    member: t('paymentHeads.members.member'),
    amount: t('paymentHeads.members.amount'),
    status: t('paymentHeads.members.status'),
    date: t('paymentHeads.members.date'),
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('paymentHeads.members.title', { name: head.name })}
      size="xl"
      fullScreen={phone}
    >
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('paymentHeads.members.search')}
            placeholder={t('paymentHeads.members.searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 200px' }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="head-members-status">
              {t('paymentHeads.members.status')}
            </Text>
            <SegmentedControl
              aria-labelledby="head-members-status"
              value={status}
              onChange={(value) => {
                setStatus(value as typeof status);
                setPage(1);
              }}
              data={[
                { value: 'all', label: t('paymentHeads.members.all') },
                { value: 'paid', label: t('paymentHeads.members.paid') },
                { value: 'pending', label: t('paymentHeads.members.pending') },
              ]}
            />
          </Stack>
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="gray.7" aria-live="polite">
            {t('paymentHeads.members.count', { total })}
          </Text>
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download('csv')}
              loading={downloading === 'csv'}
              disabled={total === 0 || downloading === 'xlsx'}
            >
              {t('paymentHeads.members.download')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              onClick={() => void download('xlsx')}
              loading={downloading === 'xlsx'}
              disabled={total === 0 || downloading === 'csv'}
              aria-label={t('paymentHeads.members.downloadExcelLabel', { name: head.name })}
            >
              {t('paymentHeads.members.downloadExcel')}
            </Button>
          </Group>
        </Group>
        {list.isPending ? (
          <Text>{t('paymentHeads.members.loading')}</Text>
        ) : list.isError ? (
          <Alert color="red" role="alert">
            {errorText(list.error)}
          </Alert>
        ) : list.data.items.length === 0 ? (
          <Text c="gray.7">{t('paymentHeads.members.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="member" label={columns.member} {...{ sortBy, sortOrder }} onSort={sort} />
                  <Table.Th>{t('paymentHeads.members.mobile')}</Table.Th>
                  <SortHeader
                    column="amount"
                    label={columns.amount}
                    {...{ sortBy, sortOrder }}
                    onSort={sort}
                    align="right"
                  />
                  <SortHeader column="status" label={columns.status} {...{ sortBy, sortOrder }} onSort={sort} />
                  <SortHeader column="date" label={columns.date} {...{ sortBy, sortOrder }} onSort={sort} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((payment) => (
                  <Table.Tr key={payment._id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {payment.memberId.name}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {payment.memberId.parishNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td>{payment.memberId.mobile}</Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatRupees(
                        payment.status === 'paid' ? (payment.paidAmount ?? payment.amount) : payment.amount,
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[payment.status]}>{t(`paymentHeads.members.${payment.status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>{formatDisplayDate(payment.paidAt ?? payment.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between" wrap="wrap">
          <Select
            label={t('paymentHeads.members.pageSize')}
            data={PAGE_SIZES}
            value={String(limit)}
            onChange={(value) => {
              setLimit(Number(value ?? 10));
              setPage(1);
            }}
            allowDeselect={false}
            w={120}
          />
          <TablePager page={page} limit={limit} total={total} onPage={setPage} showRange={false} />
        </Group>
      </Stack>
    </Modal>
  );
}
