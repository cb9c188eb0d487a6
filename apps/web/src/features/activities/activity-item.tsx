import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { DEFAULT_PARISH_TIMEZONE, formatDisplayDateTime, type Activity } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { activitySentenceText } from './activity-sentence.ts';

/** One entry of the Activity Log: its sentence, when (dd/mm/yyyy hh:mm, parish time), and Details. */
export function ActivityItem({ activity, onDetails }: { activity: Activity; onDetails: (activity: Activity) => void }) {
  const { t } = useTranslation();
  const sentence = activitySentenceText(t, activity);
  return (
    <Paper component="li" withBorder radius={0} px="sm" py="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Text size="sm">{sentence}</Text>
          <Text size="xs" c="gray.7" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatDisplayDateTime(activity.occurredAt, DEFAULT_PARISH_TIMEZONE)}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => onDetails(activity)}
          aria-label={t('activities.detailsOf', { sentence })}
        >
          {t('activities.details')}
        </Button>
      </Group>
    </Paper>
  );
}
