import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useOptedOutMembers } from '../../components/whatsapp/api.ts';
import { errorText } from '../../lib/error-text.ts';

/**
 * The Send Reminders page's list of members with pending dues who opted out of WhatsApp
 * (docs/domain.md, §9 "Opting out"): Send to All, scheduled reminders and the walk-through round
 * leave them out, so the admin sees who must be reminded another way.
 */
export function OptedOutPanel() {
  const { t } = useTranslation();
  const list = useOptedOutMembers();
  const data = list.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="opted-out-heading">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4" id="opted-out-heading">
            {t('reminders.optedOut.heading')}
          </Title>
          {data ? (
            <Badge color="red" variant="light" data-testid="opted-out-total">
              {data.total}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('reminders.optedOut.intro')}
        </Text>
        {list.error ? (
          <Alert color="red" role="alert">
            {t('reminders.optedOut.loadError', { reason: errorText(list.error) })}
          </Alert>
        ) : null}
        {data && data.total === 0 ? <Text size="sm">{t('reminders.optedOut.none')}</Text> : null}
        {data && data.items.length > 0 ? (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none', maxHeight: 240, overflowY: 'auto' }}>
            {data.items.map((member) => (
              <Group
                key={member.memberId}
                component="li"
                gap="xs"
                py={6}
                wrap="nowrap"
                data-testid="opted-out-member"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                  {member.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('reminders.members.parishNumber', { value: member.parishNumber })}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : null}
        {data && data.items.length < data.total ? (
          <Text size="xs" c="dimmed">
            {t('reminders.optedOut.more', { count: data.items.length, total: data.total })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
