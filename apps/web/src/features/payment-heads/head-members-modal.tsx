import { Alert, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TablePager } from '../../components/table-pager.tsx';
import { errorText } from '../../lib/error-text.ts';
import { STALE_TIME } from '../../lib/query-client.ts';
import { listHeadPayments, PAYMENTS_KEY, type PaymentHead, type PaymentSortBy } from './api.ts';
import { HeadMembersTable } from './head-members-table.tsx';
import { HeadMembersDownloads } from './head-members-downloads.tsx';
import { usePhone } from './use-phone.ts';

/** Page sizes of the shared paginated table (`docs/domain.md`, §2 "Shared pieces"). */
const PAGE_SIZES = ['10', '25', '50', '100'];

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

  const total = list.data?.total ?? 0;
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
        <HeadMembersDownloads head={head} filter={filter} total={total} />
        {list.isPending ? (
          <Text>{t('paymentHeads.members.loading')}</Text>
        ) : list.isError ? (
          <Alert color="red" role="alert">
            {errorText(list.error)}
          </Alert>
        ) : list.data.items.length === 0 ? (
          <Text c="gray.7">{t('paymentHeads.members.empty')}</Text>
        ) : (
          <HeadMembersTable items={list.data.items} sortBy={sortBy} sortOrder={sortOrder} onSort={sort} />
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
