import { Badge, Button, Group, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDisplayDate, formatINR } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { ListTablePage } from '../../components/list-table-page.tsx';
import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { printDocument } from '../../lib/print-receipt.ts';
import { fetchDaySheetFile, reopenDay, useCashierDays } from './api.ts';

/**
 * Day sheets (admin; `docs/domain.md`, "Day close"): every cashier's days with collections or a
 * close, newest first, with their state, receipt count and collected total; the printable sheet;
 * Reopen on a closed day (audited).
 */
export default function DaySheetsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const days = useCashierDays();
  const reopen = useMutation({
    mutationFn: (input: { cashierId: string; day: string }) => reopenDay(input.cashierId, input.day),
    onSuccess: () => {
      notifications.show({ color: 'green', title: t('common.success'), message: t('collections.days.reopened') });
      void queryClient.invalidateQueries({ queryKey: ['collections'] });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) }),
  });
  async function print(cashierId: string, day: string) {
    try {
      const opened = await printDocument(() => fetchDaySheetFile('print', day, cashierId));
      if (!opened) notifications.show({ color: 'red', message: t('collections.summary.popupBlocked') });
    } catch (error) {
      notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
    }
  }
  return (
    <ListTablePage
      title={t('collections.days.title')}
      query={days}
      emptyText={t('collections.days.empty')}
      minWidth={640}
      headers={
        <>
          <Table.Th>{t('collections.days.day')}</Table.Th>
          <Table.Th>{t('collections.days.cashier')}</Table.Th>
          <Table.Th>{t('collections.days.status')}</Table.Th>
          <Table.Th ta="right">{t('collections.days.receipts')}</Table.Th>
          <Table.Th ta="right">{t('collections.days.total')}</Table.Th>
          <Table.Th />
        </>
      }
      rows={(items) =>
        items.map((row) => {
          const label = { name: row.cashier.name, day: formatDisplayDate(row.day) };
          return (
            <Table.Tr key={`${row.cashier._id}/${row.day}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(row.day)}</Table.Td>
              <Table.Td>{row.cashier.name}</Table.Td>
              <Table.Td>
                <Badge color={row.status === 'closed' ? 'gray.8' : 'green.9'}>
                  {t(row.status === 'closed' ? 'collections.day.statusClosed' : 'collections.day.statusOpen')}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{row.receiptCount}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatINR(paiseOf(row.total))}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('collections.days.printFor', label)}
                    onClick={() => void print(row.cashier._id, row.day)}
                  >
                    {t('collections.days.print')}
                  </Button>
                  {row.status === 'closed' ? (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('collections.days.reopenFor', label)}
                      onClick={() => reopen.mutate({ cashierId: row.cashier._id, day: row.day })}
                    >
                      {t('collections.days.reopen')}
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })
      }
    />
  );
}
