import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Rupees } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { Money } from './report-ui.tsx';

/** The Direct Collections count and total of every match (`docs/domain.md`, §2 "Reports and Analytics"). */
export function DirectTotals({ totals }: { totals: { count: number; amount: Rupees } }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={2} maw={480}>
      <Paper withBorder p="sm">
        <Text size="sm" c="gray.7">
          {t('reports.direct.count')}
        </Text>
        <Text fw={700} fz="lg" aria-live="polite">
          {totals.count}
        </Text>
      </Paper>
      <Paper withBorder p="sm">
        <Text size="sm" c="gray.7">
          {t('reports.direct.total')}
        </Text>
        <Text fw={700} fz="lg" c="green.9" aria-live="polite">
          <Money rupees={totals.amount} />
        </Text>
      </Paper>
    </SimpleGrid>
  );
}
