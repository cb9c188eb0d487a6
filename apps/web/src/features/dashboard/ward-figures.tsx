import { NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatRupees } from '../../lib/money.ts';
import { useWardReport, useWardWords } from '../../lib/wards.ts';

/**
 * The dashboard's ward filter (issue 28 item 7: "the dashboard filters by ward"): choose a ward
 * (or the members without one) and see its figures from the ward-wise report (`GET
 * /api/reports/wards`, decision 0126): active members, dues raised, collected and pending (₹,
 * Indian grouping) and the collection rate. Nothing shows until the parish has wards.
 */
export function WardFigures() {
  const { t } = useTranslation();
  const words = useWardWords();
  const report = useWardReport();
  const [chosen, setChosen] = useState('');
  const rows = report.data?.items ?? [];
  if (!rows.some((row) => row.wardId !== null)) return null;
  const row = rows.find((one) => (one.wardId ?? 'none') === chosen);
  const figures = row
    ? [
        { key: 'members', value: String(row.members) },
        { key: 'raised', value: formatRupees(row.raised) },
        { key: 'collected', value: formatRupees(row.collected) },
        { key: 'pending', value: formatRupees(row.pending) },
        { key: 'rate', value: t('wards.report.rate', { rate: row.collectionRate }) },
      ]
    : [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ward-figures-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="ward-figures-heading">
          {t('wards.dashboard.title', { ward: words.one })}
        </Title>
        <NativeSelect
          label={t('wards.filter.label', { ward: words.one })}
          value={chosen}
          onChange={(event) => setChosen(event.currentTarget.value)}
          data={[
            { value: '', label: t('wards.dashboard.choose', { ward: words.ward }) },
            ...rows.map((one) => ({
              value: one.wardId ?? 'none',
              label: one.name ?? t('wards.report.noWard', { ward: words.ward }),
            })),
          ]}
          maw={320}
        />
        {row ? (
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-live="polite">
            {figures.map((figure) => (
              <div key={figure.key}>
                <Text size="sm" c="gray.7">
                  {t(`wards.dashboard.${figure.key}`)}
                </Text>
                <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {figure.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}
