import { Alert, Grid, List, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { PublicAddressWarning } from '../../components/public-address-warning.tsx';
import { WalkThroughPanel } from '../../components/whatsapp/walk-through-panel.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePagedSearch } from '../../lib/use-paged-search.ts';
import { useWhatsAppStatus } from './api.ts';
import { DeliveryStatusPanel } from './delivery-status-panel.tsx';
import { OptedOutPanel } from './opted-out-panel.tsx';
import { ReminderMembersPanel } from './reminder-members-panel.tsx';
import { ReminderMessageDialog } from './reminder-message-dialog.tsx';
import { useReminderSending } from './use-reminder-sending.ts';
import { WhatsAppNotConfigured } from './whatsapp-not-configured.tsx';

/**
 * Admin Send Reminders (/admin/reminders; `docs/domain.md`, §2 "Admin Send Reminders"): search
 * members by name, mobile or parish number, tick them (Select All / Deselect All for the shown
 * page), 'Send to Selected (n)' or 'Send to All' (a background job); the Delivery Status panel and
 * the WhatsApp info box. A warning when the links would carry a local address (PUBLIC_URL,
 * decision 0117). Without server credentials a notice explains how to configure WhatsApp and
 * sending is off.
 */
export default function RemindersPage() {
  const { t } = useTranslation();
  const status = useWhatsAppStatus();
  const configured = status.data?.configured === true;
  const paged = usePagedSearch();
  const sending = useReminderSending();

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('reminders.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('reminders.subtitle')}
        </Text>
      </div>

      <PublicAddressWarning />
      {status.data && !configured ? <WhatsAppNotConfigured /> : null}
      {status.error ? (
        <Alert color="red" role="alert">
          {errorText(status.error)}
        </Alert>
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ReminderMembersPanel paged={paged} sending={sending} configured={configured} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <WalkThroughPanel />
            <OptedOutPanel />
            <DeliveryStatusPanel jobIds={sending.jobIds} />
            <Alert color="blue" variant="light" title={t('reminders.info.title')} icon={<IconInfoCircle aria-hidden />}>
              <List size="sm" spacing={4}>
                <List.Item>{t('reminders.info.lines.template')}</List.Item>
                <List.Item>{t('reminders.info.lines.pacing')}</List.Item>
                <List.Item>{t('reminders.info.lines.states')}</List.Item>
                <List.Item>{t('reminders.info.lines.failures')}</List.Item>
              </List>
            </Alert>
          </Stack>
        </Grid.Col>
      </Grid>

      <ReminderMessageDialog dialog={sending.dialog} onClose={sending.closeDialog} />
    </Stack>
  );
}
