import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { changeDiocesePassword, signInDiocese } from './diocese-api.ts';

/**
 * `/diocese/login` (issue 28 item 5, decision 0131): the diocese administrator signs in; a one-time
 * password (from `npm run diocese:admin`) must be changed here before the diocese area opens.
 */
export default function DioceseLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [mustChange, setMustChange] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await signInDiocese({ username, password });
      if (answer.admin.passwordChangeRequired) setMustChange(true);
      else void navigate('/diocese', { replace: true });
    } catch (caught) {
      setError(errorText(caught, t('diocese.failed')));
    } finally {
      setBusy(false);
    }
  }

  async function change(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await changeDiocesePassword({ currentPassword: password, newPassword });
      void navigate('/diocese', { replace: true });
    } catch (caught) {
      setError(errorText(caught, t('diocese.failed')));
    } finally {
      setBusy(false);
    }
  }

  if (mustChange) {
    return (
      <AuthCard>
        <form onSubmit={(event) => void change(event)} noValidate>
          <Stack gap="md">
            <Title order={1} fz={26} ta="center">
              {t('diocese.changeTitle')}
            </Title>
            <Text ta="center">{t('diocese.changeText')}</Text>
            <FormError message={error} title={t('common.error')} />
            <PasswordInput
              label={t('diocese.newPassword')}
              value={newPassword}
              onChange={(event) => setNewPassword(event.currentTarget.value)}
              autoComplete="new-password"
              required
            />
            <Button type="submit" disabled={busy} fullWidth>
              {t('diocese.changeSubmit')}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  }
  return (
    <AuthCard>
      <form onSubmit={(event) => void signIn(event)} noValidate>
        <Stack gap="md">
          <Title order={1} fz={26} ta="center">
            {t('diocese.loginTitle')}
          </Title>
          <Text ta="center">{t('diocese.loginText')}</Text>
          <FormError message={error} title={t('common.error')} />
          <TextInput
            label={t('diocese.username')}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            autoComplete="username"
            required
          />
          <PasswordInput
            label={t('diocese.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            required
          />
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? t('diocese.signingIn') : t('diocese.signIn')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
