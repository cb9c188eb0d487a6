import { Alert, Button, Code, Group, Image, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { saveBlob } from '../../lib/table-download.ts';
import { disableTwoStep, enableTwoStep, startTwoStepSetup, TWO_STEP_KEY, useTwoStepStatus } from './api.ts';

type Setup = Awaited<ReturnType<typeof startTwoStepSetup>>;

/** Saves the recovery codes as a text file in the browser's downloads. */
function downloadCodes(codes: string[]): void {
  // The link is in the page and its URL lives on for a second, or Chromium may drop the download.
  saveBlob(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }), 'parish-dues-recovery-codes.txt');
}

/** The recovery codes after the setup, shown once, with copy and download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={3} fz={18}>
        {t('twoStep.recoveryTitle')}
      </Title>
      <Text>{t('twoStep.recoveryText')}</Text>
      <List aria-label={t('twoStep.recoveryTitle')} listStyleType="none" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group>
        <Button
          variant="default"
          onClick={() => {
            void navigator.clipboard.writeText(codes.join('\n')).then(() => {
              notifications.show({ color: 'green', message: t('twoStep.copied') });
            });
          }}
        >
          {t('twoStep.copy')}
        </Button>
        <Button variant="default" onClick={() => downloadCodes(codes)}>
          {t('twoStep.download')}
        </Button>
        <Button onClick={onDone}>{t('twoStep.saved')}</Button>
      </Group>
    </Stack>
  );
}

/** A form of one code field and a submit button; the server's error shows above it. */
function CodeForm(props: {
  label: string;
  description?: string;
  submit: string;
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
  submitColor?: string;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit(code);
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError message={props.error} title={t('common.error')} />
        <TextInput
          label={props.label}
          description={props.description}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="one-time-code"
          maw={320}
          required
        />
        <Group>
          <Button type="submit" disabled={props.busy} color={props.submitColor}>
            {props.submit}
          </Button>
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              {t('twoStep.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The "Two-step sign-in" section of My account (`docs/domain.md`, "Two-step sign-in for staff"):
 * set up with the QR code (or the key) and one code, the recovery codes shown once, or turn it off
 * with a code.
 */
export function TwoStepSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTwoStepStatus();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_STEP_KEY });
  const start = useMutation({ mutationFn: startTwoStepSetup, onSuccess: setSetup });
  const enable = useMutation({
    mutationFn: enableTwoStep,
    // The state is refreshed when the codes are put away: until then the codes stay on screen
    // (and a setup the parish requires keeps its screen).
    onSuccess: (answer) => {
      setSetup(null);
      setCodes(answer.recoveryCodes);
      notifications.show({ color: 'green', message: t('twoStep.enabled') });
    },
  });
  const disable = useMutation({
    mutationFn: disableTwoStep,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('twoStep.disabled') });
      await refresh();
    },
  });

  let body;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          void refresh();
        }}
      />
    );
  } else if (status.isPending) {
    body = null;
  } else if (status.isError) {
    body = (
      <Alert color="red" role="alert">
        {errorText(status.error)}
      </Alert>
    );
  } else if (status.data.enabled) {
    body = (
      <Stack>
        <Text fw={600}>{t('twoStep.on')}</Text>
        <Text>{t('twoStep.recoveryLeft', { count: status.data.recoveryCodesLeft })}</Text>
        <Title order={3} fz={18}>
          {t('twoStep.disableTitle')}
        </Title>
        <CodeForm
          label={t('twoStep.disableLabel')}
          submit={t('twoStep.disable')}
          submitColor="red"
          busy={disable.isPending}
          error={disable.isError ? errorText(disable.error) : null}
          onSubmit={(code) => disable.mutate(code)}
        />
      </Stack>
    );
  } else if (setup) {
    body = (
      <Stack>
        <Text>{t('twoStep.scan')}</Text>
        <Image src={setup.qrCode} alt={t('twoStep.qrAlt')} w={200} h={200} fit="contain" bg="white" />
        <Text size="sm">{t('twoStep.manualKey')}</Text>
        <Code fz="md" data-testid="two-step-key" style={{ wordBreak: 'break-all' }}>
          {setup.secret}
        </Code>
        <CodeForm
          label={t('twoStep.codeLabel')}
          description={t('twoStep.codeHint')}
          submit={t('twoStep.confirm')}
          busy={enable.isPending}
          error={enable.isError ? errorText(enable.error) : null}
          onSubmit={(code) => enable.mutate(code)}
          onCancel={() => setSetup(null)}
        />
      </Stack>
    );
  } else {
    body = (
      <Stack align="flex-start">
        <Text>{t('twoStep.off')}</Text>
        {status.data.required ? (
          <Alert color="orange" role="status">
            {t('twoStep.requiredNotice')}
          </Alert>
        ) : null}
        <FormError message={start.isError ? errorText(start.error) : null} title={t('common.error')} />
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {t('twoStep.start')}
        </Button>
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="two-step-title">
      <Stack>
        <Title order={2} fz={20} id="two-step-title">
          {t('twoStep.title')}
        </Title>
        <Text size="sm">{t('twoStep.intro')}</Text>
        {body}
      </Stack>
    </Paper>
  );
}

/** My account (staff): the signed-in staff member's own settings; for now two-step sign-in. */
export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('twoStep.accountTitle')}
      </Title>
      <TwoStepSection />
    </Stack>
  );
}
