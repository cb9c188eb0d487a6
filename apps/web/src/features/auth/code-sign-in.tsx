import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { addLazyEnglish, consentTexts, signInCodeTexts } from '../../i18n/en/sign-in-code.ts';
import { requestMemberCode, verifyMemberCode } from './api.ts';
import { memberSignInErrorText, useFinishMemberSignIn } from './finish-member-sign-in.ts';

/** Sign in with the code, or choose a new password with it (forgot password). */
export type CodePurpose = 'sign-in' | 'reset';

addLazyEnglish({ memberLogin: { code: signInCodeTexts }, portal: { consent: consentTexts } });

const CODE_PATTERN = /^\d{6}$/;
const PASSWORD_MIN = 8;

/**
 * Sign-in with a code on WhatsApp and forgot password (issue 29 item 1, decision 0138;
 * `docs/domain.md`, "Sign-in with a code on WhatsApp"), loaded only when the member asks for it.
 * Step 1 sends the code to the member of the mobile or parish number; step 2 takes the 6-digit
 * code (and for a forgotten password the new password twice) and signs in like the password form.
 */
export default function CodeSignIn({
  purpose,
  identifier: initialIdentifier,
  identifierReadOnly,
  onBack,
}: {
  purpose: CodePurpose;
  identifier: string;
  identifierReadOnly: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const finish = useFinishMemberSignIn();
  const [identifier, setIdentifier] = useState(initialIdentifier);
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      setError(memberSignInErrorText(caught, t));
    } finally {
      setBusy(false);
    }
  }

  function send(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const trimmed = identifier.trim();
    if (!trimmed) {
      setError(t('messages.memberIdentifierBlank'));
      return;
    }
    void run(async () => {
      await requestMemberCode({ identifier: trimmed });
      setSent(true);
      setCode('');
    });
  }

  function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (!CODE_PATTERN.test(typed)) {
      setError(t('messages.signInCodeFormat'));
      return;
    }
    if (purpose === 'reset') {
      if (newPassword.length < PASSWORD_MIN) {
        setError(t('messages.passwordTooShort'));
        return;
      }
      if (newPassword !== confirm) {
        setError(t('messages.passwordsDiffer'));
        return;
      }
    }
    void run(async () => {
      const answer = await verifyMemberCode({
        identifier: identifier.trim(),
        code: typed,
        ...(purpose === 'reset' && { newPassword }),
        ...(consent && { whatsappConsent: true }),
      });
      await finish(answer);
    });
  }

  const title = purpose === 'reset' ? t('memberLogin.code.resetTitle') : t('memberLogin.code.title');
  return (
    <Stack gap="md">
      <Title order={2} fz={20} ta="center">
        {title}
      </Title>
      <FormError message={error} title={t('common.error')} />
      {sent ? (
        <CodeForm
          purpose={purpose}
          busy={busy}
          values={{ code, newPassword, confirm, consent }}
          onChange={{ code: setCode, newPassword: setNewPassword, confirm: setConfirm, consent: setConsent }}
          onSubmit={verify}
          onSendAgain={() => send()}
        />
      ) : (
        <form onSubmit={send} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('memberLogin.code.intro')}</Text>
            <TextInput
              label={t('memberLogin.code.identifierLabel')}
              description={t('memberLogin.mobileHint')}
              autoComplete="username"
              value={identifier}
              onChange={(event) => setIdentifier(event.currentTarget.value)}
              readOnly={identifierReadOnly}
              required
            />
            <Button type="submit" disabled={busy} fullWidth>
              {t('memberLogin.code.send')}
            </Button>
          </Stack>
        </form>
      )}
      <Text ta="center" size="sm">
        <Anchor component="button" type="button" onClick={onBack}>
          {t('memberLogin.code.back')}
        </Anchor>
      </Text>
    </Stack>
  );
}

interface CodeValues {
  code: string;
  newPassword: string;
  confirm: string;
  /** The consent tick box under the DPDP notice (unticked by default; decision 0144). */
  consent: boolean;
}

/**
 * Step 2: the code from WhatsApp, for a forgotten password the new password twice, and the consent
 * tick box with the DPDP notice (decision 0144: ticked, a member with no consent record gets one).
 */
function CodeForm({
  purpose,
  busy,
  values,
  onChange,
  onSubmit,
  onSendAgain,
}: {
  purpose: CodePurpose;
  busy: boolean;
  values: CodeValues;
  onChange: { [K in keyof CodeValues]: (value: CodeValues[K]) => void };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onSendAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Alert color="green" variant="light">
          {t('memberLogin.code.sent', { minutes: 5 })}
        </Alert>
        <TextInput
          label={t('memberLogin.code.codeLabel')}
          description={t('memberLogin.code.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={values.code}
          onChange={(event) => onChange.code(event.currentTarget.value.replace(/\D/g, ''))}
          required
        />
        {purpose === 'reset' ? (
          <>
            <PasswordInput
              label={t('memberLogin.code.newPassword')}
              description={t('memberLogin.code.newPasswordHint')}
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(event) => onChange.newPassword(event.currentTarget.value)}
              required
            />
            <PasswordInput
              label={t('memberLogin.code.confirmPassword')}
              autoComplete="new-password"
              value={values.confirm}
              onChange={(event) => onChange.confirm(event.currentTarget.value)}
              required
            />
          </>
        ) : null}
        <Checkbox
          label={t('portal.consent.give')}
          description={t('portal.consent.notice')}
          checked={values.consent}
          onChange={(event) => onChange.consent(event.currentTarget.checked)}
        />
        <Button type="submit" disabled={busy} fullWidth>
          {purpose === 'reset' ? t('memberLogin.code.savePassword') : t('memberLogin.code.signIn')}
        </Button>
        <Text ta="center" size="sm">
          <Anchor component="button" type="button" onClick={onSendAgain} disabled={busy}>
            {t('memberLogin.code.sendAgain')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
