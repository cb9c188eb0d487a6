import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ChangePasswordModal } from './change-password-modal.tsx';

/**
 * The only screen of a session signed in with a one-time password (an admin's reset, or
 * `npm run admin:reset`): every other route answers 403 `PASSWORD_CHANGE_REQUIRED` until the
 * password is changed (`docs/domain.md`, "Password resets"). The dialog cannot be dismissed; once
 * changed, the session's user no longer requires it and the screen behind appears.
 */
export default function OneTimePasswordChange() {
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <ChangePasswordModal opened required onClose={() => undefined} notice={t('common.oneTimePasswordPrompt')} />
    </Container>
  );
}
