import { Table, Text } from '@mantine/core';
import { formatDisplayDate, formatINR, type PaymentRecord } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { CollectionsPager } from './collections-pager.tsx';
import { paidPaise } from './my-collections.ts';
import { useMethodText } from './use-my-collections.ts';

/**
 * One page of the cashier's own collections (`docs/domain.md`, §2 "Cashier Collections"): date,
 * member with parish number, amount, head, method, transaction id and receipt number; the pager
 * when there is more than one page.
 */
export function MyCollectionsTable({
  items,
  page,
  pages,
  onPage,
}: {
  items: PaymentRecord[];
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const methodText = useMethodText();
  return (
    <>
      <Table.ScrollContainer minWidth={820}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('collections.mine.date')}</Table.Th>
              <Table.Th>{t('collections.mine.member')}</Table.Th>
              <Table.Th ta="right">{t('collections.mine.amount')}</Table.Th>
              <Table.Th>{t('collections.mine.head')}</Table.Th>
              <Table.Th>{t('collections.mine.method')}</Table.Th>
              <Table.Th>{t('collections.mine.transactionId')}</Table.Th>
              <Table.Th>{t('collections.mine.receiptNumber')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item._id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(item.paidAt)}</Table.Td>
                <Table.Td>
                  {item.memberId.name}
                  <Text size="xs" c="gray.7">
                    {item.memberId.parishNumber}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatINR(paidPaise(item))}
                </Table.Td>
                <Table.Td>{item.paymentHeadId.name}</Table.Td>
                <Table.Td>{methodText(item.paymentMethod)}</Table.Td>
                <Table.Td>{item.transactionId ?? item.pgTransactionId ?? ''}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.receiptNumber ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CollectionsPager total={pages} value={page} onChange={onPage} label={t('collections.mine.pagination')} />
    </>
  );
}
