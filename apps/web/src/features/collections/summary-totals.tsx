import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatINR, type MemberPayments } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { paiseOf } from '../../lib/money.ts';

/** The Payment Summary dialog's Paid, Pending and Total figures (`docs/domain.md`, §2 "Payment Summary dialog"). */
export function SummaryTotals({ totals }: { totals: MemberPayments['totals'] }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'paid', value: totals.paid, color: 'green.9' },
    { key: 'pending', value: totals.pending, color: 'orange.9' },
    { key: 'total', value: totals.total, color: undefined },
  ] as const;
  return (
    <SimpleGrid cols={3} spacing="xs">
      {figures.map((total) => (
        <Paper key={total.key} withBorder p="xs">
          <Text size="xs" c="gray.7">
            {t(`collections.summary.${total.key}`)}
          </Text>
          <Text
            fw={700}
            c={total.color}
            size="sm"
            style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          >
            {formatINR(paiseOf(total.value))}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
