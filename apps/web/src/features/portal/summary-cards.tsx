import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatINR, type CustomerSummary } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { paiseOf } from '../../lib/money.ts';

const CARDS = [
  { key: 'arrears', label: 'arrears', color: 'red.8' },
  { key: 'current', label: 'currentDue', color: 'orange.9' },
  { key: 'misc', label: 'miscellaneous', color: 'blue.8' },
  { key: 'paid', label: 'paid', color: 'green.9' },
] as const;

/**
 * The four summary cards of the customer dashboard (`docs/domain.md`, §2 "Customer dashboard"): Arrears, Current
 * Due, Miscellaneous and Paid, each with the amount and the count; skeletons while loading.
 * Two per row on a phone, four on a wide screen.
 */
export function SummaryCards({ summary }: { summary: CustomerSummary | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {CARDS.map((card) => {
        const figure = summary?.[card.key];
        return (
          <Paper key={card.key} withBorder p="sm" aria-busy={!figure}>
            <Text size="sm" c="gray.7" fw={500}>
              {t(`portal.cards.${card.label}`)}
            </Text>
            {figure ? (
              <>
                <Text
                  fw={700}
                  fz={{ base: 17, sm: 20 }}
                  c={figure.count === 0 && card.key !== 'paid' ? 'gray.7' : card.color}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatINR(paiseOf(figure.amount))}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('portal.cards.count', { count: figure.count })}
                </Text>
              </>
            ) : (
              <>
                <Skeleton height={22} mt={4} width="80%" />
                <Skeleton height={12} mt={6} width="50%" />
              </>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
