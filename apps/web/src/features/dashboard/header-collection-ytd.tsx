import { Stack, Text } from '@mantine/core';
import { formatINR } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { amountPaise } from '../../lib/money.ts';
import { useDashboard } from './api.ts';

/**
 * The header's Collection YTD (`docs/domain.md`, §2 "Back-office shell"): collected since 1 January in the
 * parish time zone. Hidden on phones, where the header has no room; the dashboard shows it there.
 */
export function HeaderCollectionYtd() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  if (!dashboard.data) return null;
  return (
    <Stack gap={0} visibleFrom="sm" align="flex-end" aria-live="polite">
      <Text size="xs" c="gray.7">
        {t('reports.dashboard.collectionYtd')}
      </Text>
      <Text size="sm" fw={700} c="green.9" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatINR(amountPaise(dashboard.data.periods.ytd.amount))}
      </Text>
    </Stack>
  );
}
