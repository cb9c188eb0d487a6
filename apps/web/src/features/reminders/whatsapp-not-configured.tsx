import { Alert, List, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The notice on the Send Reminders page while the parish has no WhatsApp credentials (its own on
 * the Settings page, or the environment's for the home parish; decisions 0130 and 0134;
 * `docs/domain.md`, §2 "Admin Send Reminders"): what to configure (the token and the phone number
 * id, and the optional settings); sending through the Cloud API stays off meanwhile.
 */
export function WhatsAppNotConfigured() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('reminders.notConfigured.title')} icon={<IconBrandWhatsapp aria-hidden />}>
      <Stack gap={6}>
        <Text size="sm">{t('reminders.notConfigured.text')}</Text>
        <List size="sm" withPadding>
          <List.Item>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('reminders.notConfigured.token')}
            </Text>
          </List.Item>
          <List.Item>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('reminders.notConfigured.phone')}
            </Text>
          </List.Item>
        </List>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('reminders.notConfigured.optional')}
        </Text>
      </Stack>
    </Alert>
  );
}
