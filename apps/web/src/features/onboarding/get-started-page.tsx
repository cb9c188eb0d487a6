import { Alert, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { financialYearLabel, type OnboardingStatus, type OnboardingStepStatus } from '@parish/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { errorText } from '../../lib/error-text.ts';
import { useChooseStep, useDismissChecklist, useOnboardingStatus } from './api.ts';
import { StepCard } from './step-card.tsx';
import { TemplateHeadsForm } from './template-heads-form.tsx';
import { UpiStepForm } from './upi-step-form.tsx';

/** The screen each step links to, under `/admin`. */
const SCREEN: Partial<Record<OnboardingStepStatus['step'], string>> = {
  details: '/admin/settings',
  register: '/admin/members?upload=1',
  heads: '/admin/payments',
  gateway: '/admin/settings',
  whatsapp: '/admin/settings',
  reminders: '/admin/reminders',
};

/** A step's link to its screen, labelled with the step's action. */
function ScreenLink({ step }: { step: OnboardingStepStatus['step'] }) {
  const { t } = useTranslation();
  const to = SCREEN[step];
  if (!to) return null;
  return (
    <Button component={Link} to={to} variant={step === 'heads' ? 'default' : 'filled'} size="sm">
      {t(`onboarding.steps.${step}.action`)}
    </Button>
  );
}

/** The actions of one step: a small form where the step is done in place, its screen's link, its explicit choice. */
function StepActions({
  status,
  choose,
  busy,
}: {
  status: OnboardingStepStatus;
  choose: (choice: 'off' | 'wa.me') => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  if (status.step === 'upi') return <UpiStepForm />;
  if (status.step === 'gateway' && status.choice === 'off')
    return (
      <Text size="sm" fw={500}>
        {t('onboarding.steps.gateway.chosenOff')}
      </Text>
    );
  if (status.step === 'whatsapp' && status.choice === 'wa.me')
    return (
      <Text size="sm" fw={500}>
        {t('onboarding.steps.whatsapp.chosenWaMe')}
      </Text>
    );
  return (
    <Stack gap="sm">
      {status.step === 'heads' ? <TemplateHeadsForm /> : null}
      <Group gap="sm" wrap="wrap">
        <ScreenLink step={status.step} />
        {status.step === 'gateway' ? (
          <Button variant="light" size="sm" disabled={busy} onClick={() => choose('off')}>
            {t('onboarding.steps.gateway.off')}
          </Button>
        ) : null}
        {status.step === 'whatsapp' ? (
          <Button variant="light" size="sm" disabled={busy} onClick={() => choose('wa.me')}>
            {t('onboarding.steps.whatsapp.waMe')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The progress figure and bar: "3 of 7 steps done (42 %)". */
function ChecklistProgress({ status }: { status: OnboardingStatus }) {
  const { t } = useTranslation();
  const text = t('onboarding.progress', { settled: status.settled, total: status.total, percent: status.progress });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} aria-live="polite" data-testid="onboarding-progress">
        {text}
      </Text>
      <Progress value={status.progress} color="green" size="lg" aria-label={t('onboarding.progressLabel')} />
    </Stack>
  );
}

/** The end of the checklist: all done, and the button that dismisses it. */
function Completed({ status }: { status: OnboardingStatus }) {
  const { t } = useTranslation();
  const dismiss = useDismissChecklist();
  if (status.dismissed)
    return (
      <Alert color="green" role="status">
        {t('onboarding.dismissed')}
      </Alert>
    );
  return (
    <Alert color="green" role="status" title={t('onboarding.complete')}>
      {dismiss.isError ? <Text c="red.9">{errorText(dismiss.error)}</Text> : null}
      <Button mt="xs" onClick={() => dismiss.mutate()} disabled={dismiss.isPending}>
        {t('onboarding.dismiss')}
      </Button>
    </Alert>
  );
}

/**
 * The "Get started" checklist of a new parish (issue 28 item 6, decision 0132; `GET /api/onboarding`):
 * the progress bar, then each step with its state; each step links to the screen that does it
 * (Parish Settings, the member import with its dry run, Account Heads, Send Reminders) or is done
 * in place (heads from templates, the UPI ID, no online payment, wa.me links). Once every step is
 * done or skipped the admin may dismiss it. Admins only.
 */
export default function GetStartedPage() {
  const { t } = useTranslation();
  const status = useOnboardingStatus(true);
  const choose = useChooseStep();
  const data = status.data;
  return (
    <Stack gap="md" maw={860}>
      <div>
        <Title order={2}>{t('onboarding.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('onboarding.intro')}
        </Text>
      </div>
      {status.isPending ? <Loader aria-label={t('onboarding.loading')} /> : null}
      {status.isError ? (
        <Alert color="red" role="alert">
          {t('onboarding.loadError', { reason: errorText(status.error) })}
        </Alert>
      ) : null}
      {choose.isError ? (
        <Alert color="red" role="alert">
          {errorText(choose.error)}
        </Alert>
      ) : null}
      {data ? (
        <>
          <ChecklistProgress status={data} />
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.steps.map((step, index) => (
              <StepCard
                key={step.step}
                index={index}
                status={step}
                body={t(`onboarding.steps.${step.step}.body`, {
                  year: financialYearLabel(data.financialYear),
                })}
                busy={choose.isPending}
                onChoose={(choice) => choose.mutate({ step: step.step, choice })}
              >
                <StepActions
                  status={step}
                  busy={choose.isPending}
                  choose={(choice) => choose.mutate({ step: step.step, choice })}
                />
              </StepCard>
            ))}
          </Stack>
          {data.complete ? <Completed status={data} /> : null}
        </>
      ) : null}
    </Stack>
  );
}
