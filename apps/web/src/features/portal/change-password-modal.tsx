import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { changePasswordSchema } from '@parish/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { writeSession } from '../../lib/storage.ts';
import { changePassword } from './api.ts';

/** The member's change-password dialog; keeps the session going with the new token. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, setUser } = useAuth();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      writeSession(await changePassword(parsed.data));
      if (user) setUser({ ...user, mustChangePassword: false });
      notifications.show({ color: 'green', message: t('common.passwordChanged') });
      setCurrentPassword('');
      setNewPassword('');
      onClose();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('common.changePassword')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <FormError message={error} />
          <PasswordInput
            label={t('common.currentPassword')}
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            autoComplete="current-password"
            required
          />
          <PasswordInput
            label={t('common.newPassword')}
            description={t('messages.passwordTooShort')}
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('common.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
