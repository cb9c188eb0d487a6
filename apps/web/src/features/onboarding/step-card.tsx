import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OnboardingChoice, OnboardingStepStatus } from '@parish/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const BADGE_COLOR = { done: 'green', skipped: 'gray', todo: 'blue' } as const;

/** What a step card offers besides its own actions: its explicit choice, or undoing it. */
export interface StepChoiceProps {
  /** Stores a choice for the step ('skip', 'off', 'wa.me'), or forgets it (null). */
  onChoose: (choice: OnboardingChoice | null) => void;
  /** A choice is being stored: the buttons wait. */
  busy: boolean;
}

/**
 * One step of the "Get started" checklist: its number and title (a heading), its state as a badge
 * (Done / Skipped / To do), what it is about, the actions that do it (`children`: links to the
 * screens, or a small form), and "Skip for now" while it is to do, or "Undo" of an explicit
 * choice. A step done by its data shows no actions but its text.
 */
export function StepCard({
  index,
  status,
  body,
  children,
  onChoose,
  busy,
}: { index: number; status: OnboardingStepStatus; body: string; children?: ReactNode } & StepChoiceProps) {
  const { t } = useTranslation();
  const title = t(`onboarding.steps.${status.step}.title`);
  return (
    <Paper withBorder p="md" component="li" aria-labelledby={`onboarding-step-${status.step}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="md" id={`onboarding-step-${status.step}`}>
            {index + 1}. {title}
          </Title>
          {/* Kept whole beside a title that wraps at 375 px ("To do" was cut to "To ..."). */}
          <Badge
            color={BADGE_COLOR[status.state]}
            variant={status.state === 'done' ? 'filled' : 'light'}
            style={{ flexShrink: 0 }}
          >
            {t(`onboarding.state.${status.state}`)}
          </Badge>
        </Group>
        <Text size="sm">{body}</Text>
        {status.state === 'done' && status.choice === null ? null : children}
        {status.state === 'todo' || status.choice !== null ? (
          <Group gap="xs">
            {status.state === 'todo' ? (
              <Button
                variant="subtle"
                size="xs"
                disabled={busy}
                onClick={() => onChoose('skip')}
                aria-label={t('onboarding.skipStep', { step: title })}
              >
                {t('onboarding.skip')}
              </Button>
            ) : (
              <Button
                variant="subtle"
                size="xs"
                disabled={busy}
                onClick={() => onChoose(null)}
                aria-label={t('onboarding.undo', { step: title })}
              >
                {t('onboarding.undoShort')}
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
