import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { formatDisplayDate } from '@parish/shared';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { formatRupees } from '../../lib/money.ts';
import type { HeadPayment, PaymentSortBy } from './api.ts';

const STATUS_COLOR: Record<HeadPayment['status'], string> = {
  paid: 'green.8',
  pending: 'orange.9',
  failed: 'red.8',
  waived: 'gray.7',
};

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
 * One page of a head's members (`docs/domain.md`, §2 "Manage Account Heads page"): member and
 * parish number, mobile, amount (the amount paid once paid), status and date (paid, else tagged);
 * member, amount, status and date sort on a click.
 */
export function HeadMembersTable({
  items,
  sortBy,
  sortOrder,
  onSort: sort,
}: {
  items: HeadPayment[];
  sortBy: PaymentSortBy;
  sortOrder: 'asc' | 'desc';
  onSort: (column: PaymentSortBy) => void;
}) {
  const { t } = useTranslation();
  const columns = {
    member: t('paymentHeads.members.member'),
    amount: t('paymentHeads.members.amount'),
    status: t('paymentHeads.members.status'),
    date: t('paymentHeads.members.date'),
  };
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="member" label={columns.member} {...{ sortBy, sortOrder }} onSort={sort} />
            <Table.Th>{t('paymentHeads.members.mobile')}</Table.Th>
            <SortHeader column="amount" label={columns.amount} {...{ sortBy, sortOrder }} onSort={sort} align="right" />
            <SortHeader column="status" label={columns.status} {...{ sortBy, sortOrder }} onSort={sort} />
            <SortHeader column="date" label={columns.date} {...{ sortBy, sortOrder }} onSort={sort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((payment) => (
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
                {formatRupees(payment.status === 'paid' ? (payment.paidAmount ?? payment.amount) : payment.amount)}
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
  );
}
