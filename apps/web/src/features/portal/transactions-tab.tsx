import { Alert, Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDisplayDate, formatINR, type CustomerTransaction, type CustomerTransactions } from '@parish/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { paiseOf } from '../../lib/money.ts';
import { AttemptBadge, PaidTwiceNote } from './attempt-state.tsx';
import { valueText } from './value-text.ts';
import { gatewayText } from '../../lib/gateway-text.ts';

/**
 * The Transactions tab (`docs/domain.md`, §2 "Transactions tab"): each online transaction with its amount, state
 * chip (the server's display state, decision 0142), gateway chip, transaction id, the gateway's
 * reference id when different, method, date, the note on an attempt replaced by a newer one, the
 * error message of a failed one, the note on money paid twice and the 'Payment Items' list
 * ('Unknown Payment' when a name is missing). Long ids wrap anywhere (no sideways scrolling at 375 px).
 */
export function TransactionsTab({ query }: { query: UseQueryResult<CustomerTransactions> }) {
  const { t } = useTranslation();
  if (query.isLoading) {
    return (
      <Group gap="sm" py="xl" justify="center" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('portal.transactions.loading')}</Text>
      </Group>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Alert color="red" role="alert">
        <Text fw={600}>{t('portal.transactions.loadError')}</Text>
        <Anchor component="button" type="button" onClick={() => void query.refetch()}>
          {t('portal.pending.tryAgain')}
        </Anchor>
      </Alert>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap={4}>
          <Text fw={600}>{t('portal.transactions.emptyTitle')}</Text>
          <Text c="gray.7">{t('portal.transactions.emptyText')}</Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      {query.data.items.map((transaction) => (
        <TransactionItem key={transaction._id} transaction={transaction} />
      ))}
    </Stack>
  );
}

function TransactionItem({ transaction }: { transaction: CustomerTransaction }) {
  const { t } = useTranslation();
  const showReference = transaction.pgReferenceId && transaction.pgReferenceId !== transaction.transactionId;
  return (
    <Paper withBorder p="sm" data-testid="transaction-item">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatINR(paiseOf(transaction.amount))}
          </Text>
          <Group gap={6}>
            <AttemptBadge state={transaction.state} />
            <Badge color="gray" variant="outline" c="dark.6">
              {transaction.paymentGateway}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
          <Detail label={t('portal.transactions.transactionId')} value={transaction.transactionId} />
          {showReference ? (
            <Detail label={t('portal.transactions.referenceId')} value={transaction.pgReferenceId ?? ''} />
          ) : null}
          <Detail label={t('portal.transactions.method')} value={valueText(t, 'methods', transaction.paymentMethod)} />
          <Detail label={t('portal.transactions.date')} value={formatDisplayDate(transaction.date)} />
        </SimpleGrid>
        {transaction.state === 'superseded' ? (
          <Text size="sm" c="gray.7">
            {t('portal.attempts.supersededNote')}
          </Text>
        ) : null}
        {transaction.paidTwice ? <PaidTwiceNote paidTwice={transaction.paidTwice} /> : null}
        {transaction.errorMessage && transaction.state === 'failed' ? (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            {t('portal.transactions.error')}: {gatewayText(transaction.errorMessage)}
          </Text>
        ) : null}
        {transaction.paymentIds.length > 0 ? (
          <Stack gap={2}>
            <Text size="xs" fw={600} c="gray.7">
              {t('portal.transactions.items')}
            </Text>
            {transaction.paymentIds.map((entry) => (
              <Group key={entry.paymentId} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {entry.paymentHeadId?.name || t('portal.transactions.unknownPayment')}
                </Text>
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
                  {formatINR(paiseOf(entry.paidAmount))}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value || '-'}
      </Text>
    </Group>
  );
}
