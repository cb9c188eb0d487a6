import { Button, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { downloadActivities, type ActivityFilters } from './api.ts';

/**
 * The Activity Log's title and buttons: Refresh, and the filtered list as CSV or Excel (a failure
 * shows a notification).
 * @param query the filters the downloads apply
 */
export function ActivitiesToolbar({
  query,
  refreshing,
  onRefresh,
}: {
  query: ActivityFilters;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);

  async function download(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      await downloadActivities(query, format);
    } catch {
      notifications.show({ color: 'red', title: t('common.error'), message: t('activities.downloadError') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Group justify="space-between" wrap="wrap">
      <div>
        <Title order={1} fz={24}>
          {t('activities.title')}
        </Title>
        <Text c="gray.7" size="sm">
          {t('activities.intro')}
        </Text>
      </div>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRefresh}
          loading={refreshing}
        >
          {t('activities.refresh')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void download('csv')}
          loading={busy === 'csv'}
        >
          {t('activities.downloadCsv')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => void download('xlsx')}
          loading={busy === 'xlsx'}
          aria-label={t('activities.downloadExcelLabel')}
        >
          {t('activities.downloadExcel')}
        </Button>
      </Group>
    </Group>
  );
}
