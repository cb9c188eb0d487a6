import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDisplayDateTime, type OptOutStatus } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { recordCounterConsent, setOptOut, useOptOutStatus, whatsAppKeys } from './api.ts';

/**
 * "Do not send WhatsApp messages" for one member (admin; docs/domain.md, §9 "Opting out"), in the
 * Edit Member dialog: the switch takes effect at once (its own audited request, not the form's
 * Save), and below it when and how it was last set: by the member's STOP or START reply on
 * WhatsApp, or by which admin. Every reminder path skips an opted-out member.
 */
export function OptOutSwitch({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useOptOutStatus(memberId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function change(optOut: boolean | 'consent') {
    setBusy(true);
    setProblem(null);
    try {
      if (optOut === 'consent') await recordCounterConsent(memberId);
      else await setOptOut(memberId, optOut);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: whatsAppKeys.optOut(memberId) }),
        queryClient.invalidateQueries({ queryKey: whatsAppKeys.optedOut }),
        queryClient.invalidateQueries({ queryKey: ['members'] }),
      ]);
      notifications.show({
        color: 'green',
        title: t('common.success'),
        message:
          optOut === 'consent'
            ? t('members.whatsappConsent.recorded')
            : optOut
              ? t('members.whatsappOptOut.switchedOff')
              : t('members.whatsappOptOut.switchedOn'),
      });
    } catch (error) {
      setProblem(t('members.whatsappOptOut.failed', { reason: errorText(error) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={4}>
      <Switch
        label={t('members.whatsappOptOut.label')}
        description={status.data ? lastChange(status.data, t) : t('members.whatsappOptOut.help')}
        checked={status.data?.optOut ?? false}
        disabled={!status.data || busy}
        onChange={(event) => void change(event.currentTarget.checked)}
        color="red"
      />
      {status.error ? (
        <Alert color="red" role="alert">
          {t('members.whatsappOptOut.loadError', { reason: errorText(status.error) })}
        </Alert>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      {status.data ? (
        <Group gap="xs" justify="space-between">
          <Text size="sm">{consentLine(status.data, t)}</Text>
          <Button size="compact-xs" variant="default" disabled={busy} onClick={() => void change('consent')}>
            {t('members.whatsappConsent.record')}
          </Button>
        </Group>
      ) : null}
      {status.data?.optOut ? (
        <Text size="sm" c="red.8" role="status">
          {t('members.whatsappOptOut.skipped')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "Set by the member's STOP reply on dd/mm/yyyy hh:mm", "Set by <admin> on ...", or the help text. */
function lastChange(status: OptOutStatus, t: ReturnType<typeof useTranslation>['t']): string {
  if (!status.changedAt || !status.via) return t('members.whatsappOptOut.help');
  const date = formatDisplayDateTime(status.changedAt);
  if (status.via === 'webhook')
    return status.optOut ? t('members.whatsappOptOut.byStop', { date }) : t('members.whatsappOptOut.byStart', { date });
  const name = status.by ?? t('members.whatsappOptOut.anAdmin');
  return status.optOut
    ? t('members.whatsappOptOut.setByAdmin', { name, date })
    : t('members.whatsappOptOut.clearedByAdmin', { name, date });
}

/**
 * The member's consent record for staff (decision 0138): not recorded, given (how, when) or
 * withdrawn; times in the parish's time zone (decision 0144).
 */
function consentLine(status: OptOutStatus, t: ReturnType<typeof useTranslation>['t']): string {
  const consent = status.consent;
  if (!consent?.givenAt || !consent.method) return t('members.whatsappConsent.notRecorded');
  const how = t(`members.whatsappConsent.how.${consent.method}`);
  if (consent.withdrawnAt)
    return t('members.whatsappConsent.withdrawn', { date: formatDisplayDateTime(consent.withdrawnAt, consent.timeZone), how });
  return t('members.whatsappConsent.given', { date: formatDisplayDateTime(consent.givenAt, consent.timeZone), how });
}
