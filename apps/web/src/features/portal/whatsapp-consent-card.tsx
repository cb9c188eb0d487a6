import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate, type whatsAppLinkContracts } from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { addLazyEnglish, consentTexts } from '../../i18n/en/sign-in-code.ts';
import { apiRequest, routeOf } from '../../lib/api-request.ts';

const ROUTES = {
  get: routeOf<typeof whatsAppLinkContracts.myConsent>('GET', '/api/customer/whatsapp-consent'),
  set: routeOf<typeof whatsAppLinkContracts.setMyConsent>('PUT', '/api/customer/whatsapp-consent'),
};
addLazyEnglish({ portal: { consent: consentTexts } });

const CONSENT_KEY = ['portal', 'whatsapp-consent'] as const;

/**
 * The member's consent to WhatsApp messages the parish starts (issue 29 item 1, decision 0138;
 * India's DPDP Act asks for notice, consent and a withdrawal as easy as giving it): the notice,
 * when they agreed or withdrew (dd/mm/yyyy in the parish's time zone, decision 0144), and one button to give or withdraw it. Withdrawing
 * opts them out of every reminder.
 */
export function WhatsAppConsentCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [failed, setFailed] = useState(false);
  const consent = useQuery({ queryKey: CONSENT_KEY, queryFn: ({ signal }) => apiRequest(ROUTES.get, {}, { signal }) });
  const save = useMutation({
    mutationFn: (given: boolean) => apiRequest(ROUTES.set, { body: { given } }),
    onMutate: () => setFailed(false),
    onSuccess: (answer) => client.setQueryData(CONSENT_KEY, answer),
    onError: () => setFailed(true),
  });
  const data = consent.data;
  if (!data) return null;
  const active = data.givenAt !== null && data.withdrawnAt === null;
  const status = data.withdrawnAt
    ? t('portal.consent.withdrawn', { date: formatDisplayDate(data.withdrawnAt, data.timeZone) })
    : data.givenAt
      ? t('portal.consent.given', { date: formatDisplayDate(data.givenAt, data.timeZone) })
      : t('portal.consent.notRecorded');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="whatsapp-consent-title">
      <Stack gap="xs">
        <Title order={2} fz={18} id="whatsapp-consent-title">
          {t('portal.consent.title')}
        </Title>
        <Text size="sm">{t('portal.consent.notice')}</Text>
        <Text size="sm" fw={500} data-testid="consent-status">
          {status}
        </Text>
        <FormError message={failed ? t('portal.consent.failed') : null} title={t('common.error')} />
        <Group>
          <Button
            size="xs"
            variant={active ? 'default' : 'filled'}
            loading={save.isPending}
            onClick={() => save.mutate(!active)}
          >
            {active ? t('portal.consent.withdraw') : t('portal.consent.give')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
