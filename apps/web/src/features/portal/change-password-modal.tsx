import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { changePasswordSchema } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formErrorOf, formErrors, parseValues, schemaValidator } from '../../lib/form-validation.ts';
import { writeSession } from '../../lib/storage.ts';
import { changePassword } from './api.ts';

/** The fields of the dialog. */
interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  /** The new password typed again; never sent. */
  confirmNewPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/**
 * The change-password dialog (`changePasswordSchema`: the new password at least 8 characters; the
 * server asks 10 of staff), the new password typed twice (issue 29 item 4: 'The two new passwords
 * do not match' under the second field, nothing sent); keeps the session going with the new token. `required`: a session
 * signed in with a one-time password, which must change it before anything else (no Cancel, no
 * closing; `docs/domain.md`, "Password resets").
 */
export function ChangePasswordModal({
  opened,
  onClose,
  required = false,
  notice,
}: {
  opened: boolean;
  onClose: () => void;
  required?: boolean;
  /** A line above the fields saying why the dialog is shown. */
  notice?: string;
}) {
  const { t } = useTranslation();
  const { user, setUser } = useAuth();
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => ({
      ...schemaValidator<PasswordValues>(changePasswordSchema)(values),
      ...(values.confirmNewPassword !== values.newPassword && { confirmNewPassword: t('messages.passwordsDiffer') }),
    }),
    transformValues: (values) => parseValues(changePasswordSchema, values),
  });
  const error = formErrorOf(form.errors);

  async function submit(body: ReturnType<typeof form.getTransformedValues>) {
    try {
      writeSession(await changePassword(body));
      if (user) setUser({ ...user, mustChangePassword: false, passwordChangeRequired: false });
      notifications.show({ color: 'green', message: t('common.passwordChanged') });
      form.setValues(EMPTY);
      onClose();
    } catch (caught) {
      form.setErrors(formErrors(errorText(caught)));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('common.changePassword')}
      withCloseButton={!required}
      closeOnEscape={!required}
      closeOnClickOutside={!required}
    >
      <form onSubmit={form.onSubmit((body) => submit(body))} noValidate>
        <Stack>
          {notice ? <Text size="sm">{notice}</Text> : null}
          <FormError message={error?.message ?? null} />
          <PasswordInput
            label={t('common.currentPassword')}
            {...form.getInputProps('currentPassword')}
            autoComplete="current-password"
            required
          />
          <PasswordInput
            label={t('common.newPassword')}
            description={t('messages.passwordTooShort')}
            {...form.getInputProps('newPassword')}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            label={t('common.confirmNewPassword')}
            {...form.getInputProps('confirmNewPassword')}
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end">
            {required ? null : (
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" disabled={form.submitting}>
              {t('common.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
