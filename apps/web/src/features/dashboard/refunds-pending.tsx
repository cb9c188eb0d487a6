import { Anchor, Text } from '@mantine/core';
import { formatRupees } from '@parish/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useRefundSummary } from './api.ts';

/**
 * The dashboard's "Refunds pending: n, ₹x" line, a link to the refunds queue
 * (`docs/domain.md`, §4 "Refunds and exceptions"); nothing while none is pending.
 */
export function RefundsPending({ role }: { role: 'admin' | 'cashier' }) {
  const { t } = useTranslation();
  const summary = useRefundSummary();
  if (!summary.data || summary.data.count === 0) return null;
  return (
    <Text data-testid="refunds-pending">
      <Anchor component={Link} to={`/${role}/refunds`} fw={600} c="red.9">
        {t('refunds.pending', { count: summary.data.count, amount: formatRupees(summary.data.amount) })}
      </Anchor>
    </Text>
  );
}
