import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../lib/error-text.ts';

/** Which reset an admin asked for: back to the member's initial password, or a one-time password. */
export type PasswordResetKind = 'initial' | 'one-time';

/** A reset to confirm: whose password, which kind, and the call that makes it. */
export interface PasswordResetRequest {
  /** The member's or staff member's name, as the dialog names them. */
  name: string;
  kind: PasswordResetKind;
  /** The API call (`POST /api/admin/members/{id}/reset-password` or `/api/admin/users/{id}/reset-password`). */
  reset: () => Promise<{ oneTimePassword?: string | undefined }>;
}

/**
 * The password reset dialog of the admin screens (`docs/domain.md`, "Password resets"): asks for
 * confirmation, makes the reset (the server audits it and ends the account's sessions), then
 * either says the password is the initial one again, or shows the one-time password once, with a
 * copy button and the instruction that it must be changed at sign-in. Closing forgets the password.
 */
export function PasswordResetDialog({
  request,
  onClose,
}: {
  request: PasswordResetRequest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [oneTimePassword, setOneTimePassword] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: () => (request ? request.reset() : Promise.reject(new Error('no reset'))),
    onSuccess: (answer) => {
      if (answer.oneTimePassword) {
        setOneTimePassword(answer.oneTimePassword);
        return;
      }
      notifications.show({ color: 'green', message: t('passwordResets.doneToInitial') });
      onClose();
    },
  });
  const close = () => {
    setOneTimePassword(null);
    reset.reset();
    onClose();
  };
  const name = request?.name ?? '';
  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={oneTimePassword ? t('passwordResets.shownTitle') : t('passwordResets.confirmTitle')}
    >
      {oneTimePassword ? (
        <Stack>
          <Text>{t('passwordResets.shownFor', { name })}</Text>
          <Group gap="sm">
            <Code fz="lg" data-testid="one-time-password">
              {oneTimePassword}
            </Code>
            <CopyButton value={oneTimePassword}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t('passwordResets.copied') : t('passwordResets.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert color="blue" title={t('common.information')}>
            {t('passwordResets.instruction', { name })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {reset.isError ? (
            <Alert color="red" role="alert" title={t('common.error')}>
              {errorText(reset.error) || t('passwordResets.failed')}
            </Alert>
          ) : null}
          <Text>
            {request?.kind === 'initial'
              ? t('passwordResets.confirmToInitial', { name })
              : t('passwordResets.confirmOneTime', { name })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color="red" disabled={reset.isPending} onClick={() => reset.mutate()}>
              {reset.isPending ? t('passwordResets.resetting') : t('passwordResets.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
