import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReminderRound } from '@parish/shared';
import { IconCheck, IconCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * One member of a walk-through round (docs/domain.md, §9 "WhatsApp without the Cloud API"): a
 * sent / not sent mark, the name, and Send (opens their wa.me link and ticks them).
 */
export function WalkThroughItem({
  item,
  onSend,
}: {
  item: ReminderRound['items'][number];
  onSend: (item: ReminderRound['items'][number]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group
      component="li"
      gap="xs"
      py={6}
      wrap="nowrap"
      data-testid="walk-item"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <ThemeIcon
        size="sm"
        radius="xl"
        color={item.sent ? 'green' : 'gray'}
        variant={item.sent ? 'filled' : 'light'}
        aria-label={item.sent ? t('whatsapp.walk.sent') : t('whatsapp.walk.notSent')}
        role="img"
      >
        {item.sent ? <IconCheck size={14} aria-hidden /> : <IconCircle size={10} aria-hidden />}
      </ThemeIcon>
      <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
        {item.name}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        color="green"
        onClick={() => onSend(item)}
        aria-label={t('whatsapp.sendTo', { name: item.name })}
      >
        {t('whatsapp.send')}
      </Button>
    </Group>
  );
}
