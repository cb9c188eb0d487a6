import { Text } from '@mantine/core';
import { formatINR, type Rupees } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { amountPaise } from '../lib/money.ts';

/**
 * "Test payments (no real money): n payments · ₹x, not in the totals" (`docs/domain.md`, §10
 * "Payment mode"): the line of sandbox (test) payments that the dashboard and the reports show
 * apart from their collected figures. Nothing when there are none.
 * @param value count and amount in rupees, as the server answers them
 */
export function TestPaymentsLine({ value }: { value: { count: number; amount: Rupees } | undefined }) {
  const { t } = useTranslation();
  if (!value || value.count === 0) return null;
  return (
    <Text size="sm" fw={600} data-testid="test-payments-line">
      {t('reports.testPaymentsLine', { count: value.count, amount: formatINR(amountPaise(value.amount)) })}
    </Text>
  );
}
