import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDisplayDate, formatINR } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { ListTablePage } from '../../components/list-table-page.tsx';
import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { markCheque, useCheques } from './api.ts';

/**
 * Cheques (`docs/domain.md`, "Cheques"): every cheque received and not yet cleared, oldest first,
 * with its age in days, member, bank, number, date and amount; Cleared, or Bounced (its receipt
 * reversed with reason "cheque bounced" today, its dues pending again).
 */
export default function ChequesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cheques = useCheques();
  const mark = useMutation({
    mutationFn: (input: { receiptId: string; status: 'cleared' | 'bounced' }) =>
      markCheque(input.receiptId, input.status),
    onSuccess: (_result, input) => {
      notifications.show({
        color: input.status === 'cleared' ? 'green' : 'orange',
        title: t('common.success'),
        message: t(
          input.status === 'cleared' ? 'collections.cheques.clearedMessage' : 'collections.cheques.bouncedMessage',
        ),
      });
      void queryClient.invalidateQueries({ queryKey: ['collections'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) }),
  });
  return (
    <ListTablePage
      title={t('collections.cheques.title')}
      query={cheques}
      loadingLabel={t('collections.cheques.loading')}
      emptyText={t('collections.cheques.empty')}
      minWidth={820}
      headers={
        <>
          <Table.Th>{t('collections.cheques.age')}</Table.Th>
          <Table.Th>{t('collections.cheques.member')}</Table.Th>
          <Table.Th>{t('collections.cheques.cheque')}</Table.Th>
          <Table.Th>{t('collections.cheques.receipt')}</Table.Th>
          <Table.Th ta="right">{t('collections.cheques.amount')}</Table.Th>
          <Table.Th>{t('collections.cheques.actions')}</Table.Th>
        </>
      }
      rows={(items) =>
        items.map((cheque) => (
          <Table.Tr key={cheque.receiptId}>
            <Table.Td>
              <Badge color={cheque.ageDays > 7 ? 'red.8' : 'gray.7'}>
                {t('collections.cheques.days', { count: cheque.ageDays })}
              </Badge>
            </Table.Td>
            <Table.Td>
              {cheque.member.name}
              <Text size="xs" c="gray.7">
                {cheque.member.parishNumber}
              </Text>
            </Table.Td>
            <Table.Td>
              {cheque.number} · {cheque.bank}
              <Text size="xs" c="gray.7">
                {formatDisplayDate(cheque.date)}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {cheque.receiptNumber}
              <Text size="xs" c="gray.7">
                {formatDisplayDate(cheque.issuedAt)}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatINR(paiseOf(cheque.total))}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  color="green.8"
                  aria-label={t('collections.cheques.clearFor', { number: cheque.number })}
                  loading={mark.isPending && mark.variables.receiptId === cheque.receiptId}
                  onClick={() => mark.mutate({ receiptId: cheque.receiptId, status: 'cleared' })}
                >
                  {t('collections.cheques.clear')}
                </Button>
                <Button
                  size="xs"
                  color="red.8"
                  variant="light"
                  aria-label={t('collections.cheques.bounceFor', { number: cheque.number })}
                  onClick={() => {
                    if (window.confirm(t('collections.cheques.bounceConfirm', { number: cheque.number }))) {
                      mark.mutate({ receiptId: cheque.receiptId, status: 'bounced' });
                    }
                  }}
                >
                  {t('collections.cheques.bounce')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))
      }
    />
  );
}
