import { Button } from '@mantine/core';
import { formatDisplayDate, type PaymentReportRow } from '@parish/shared';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { TFunction } from 'i18next';

import type { ReportColumn } from '../../components/report-table.tsx';
import { Money, NameAndNumber } from './report-ui.tsx';

/**
 * The Direct Collections table's columns (`docs/domain.md`, §2 "Reports and Analytics"): date,
 * member with parish number, amount, head, method, transaction id, collected by, receipt, and
 * Reverse.
 * @param methodLabel the method as the screen names it (`useMethodLabel`)
 * @param onReverse opens the reversal of a row; absent for an accountant, who reads the books and
 *   reverses nothing (decision 0145): no Reverse column then
 */
export function directColumns(
  t: TFunction,
  methodLabel: (method: string | null) => string,
  onReverse?: (row: PaymentReportRow) => void,
): ReportColumn<PaymentReportRow>[] {
  const columns: ReportColumn<PaymentReportRow>[] = [
    {
      key: 'date',
      header: t('reports.direct.date'),
      nowrap: true,
      cell: (row) => formatDisplayDate(row.paidAt),
    },
    {
      key: 'member',
      header: t('reports.direct.member'),
      cell: (row) => <NameAndNumber name={row.memberName} number={row.parishNumber} />,
    },
    {
      key: 'amount',
      header: t('reports.direct.amount'),
      align: 'right',
      cell: (row) => <Money rupees={row.amount} />,
    },
    { key: 'head', header: t('reports.direct.head'), cell: (row) => row.headName },
    { key: 'method', header: t('reports.direct.method'), cell: (row) => methodLabel(row.paymentMethod) },
    {
      key: 'transactionId',
      header: t('reports.direct.transactionId'),
      cell: (row) => row.transactionId ?? '',
    },
    {
      key: 'collectedBy',
      header: t('reports.direct.collectedBy'),
      cell: (row) => row.collectedBy?.name ?? '',
    },
    {
      key: 'receipt',
      header: t('reports.direct.receipt'),
      nowrap: true,
      cell: (row) => row.receiptNumber ?? '',
    },
  ];
  if (!onReverse) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      header: t('reports.direct.actions'),
      cell: (row) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          aria-label={t('reports.direct.reverseFor', { head: row.headName, name: row.memberName })}
          onClick={() => onReverse(row)}
        >
          {t('reports.direct.reverse')}
        </Button>
      ),
    },
  ];
}
