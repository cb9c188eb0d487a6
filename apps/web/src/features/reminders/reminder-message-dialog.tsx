import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { ReminderDialog } from './use-reminder-sending.ts';

/**
 * The Send Reminders page's message dialog (`docs/domain.md`, §5 "Error and outcome messages"):
 * the title, the message in a coloured box (an alert when red, else a status) and OK.
 */
export function ReminderMessageDialog({ dialog, onClose }: { dialog: ReminderDialog | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={dialog?.title} centered>
      <Stack gap="md">
        <Alert color={dialog?.color ?? 'blue'} role={dialog?.color === 'red' ? 'alert' : 'status'}>
          {dialog?.message}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('reminders.dialogs.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
