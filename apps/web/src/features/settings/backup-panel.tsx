import { Paper, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PARISH_TIMEZONE } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { useBackupStatus } from './api.ts';

/** dd/mm/yyyy hh:mm in the parish's time zone (`docs/domain.md`, §1 "Money, dates and time"). */
function formatInstant(instant: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: DEFAULT_PARISH_TIMEZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

/**
 * The Parish Settings page's backup panel (admin): when the last backup was taken, its size and
 * kind, and what the BACKUP_* settings do (`docs/deploy.md`, "Backups").
 */
export function BackupPanel() {
  const { t } = useTranslation();
  const status = useBackupStatus();
  const data = status.data;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="backups-title">
      <Stack gap="xs">
        <Title order={2} fz={18} id="backups-title">
          {t('backups.title')}
        </Title>
        {!data ? (
          <Text>{t('backups.loading')}</Text>
        ) : (
          <>
            <Text fw={600}>
              {data.last
                ? t('backups.last', {
                    when: formatInstant(data.last.takenAt),
                    size: `${(data.last.bytes / 1_048_576).toFixed(1)} MB`,
                    kind: t(`backups.${data.last.kind}`),
                  })
                : t('backups.none')}
            </Text>
            <Text size="sm">{data.keep > 0 ? t('backups.schedule', { keep: data.keep }) : t('backups.off')}</Text>
            {data.passphraseSet ? <Text size="sm">{t('backups.encrypted')}</Text> : null}
            <Text size="sm">{data.copyDirSet ? t('backups.copied') : t('backups.noCopy')}</Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
