import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A back-office screen whose capability is not built yet: its title and an honest statement that
 * nothing is available, never invented figures.
 */
export function PendingScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t(titleKey)}
      </Title>
      <Paper withBorder p="xl">
        <Text fw={600}>{t('common.comingSoonTitle')}</Text>
        <Text c="gray.7">{t('pending.text')}</Text>
      </Paper>
    </Stack>
  );
}
