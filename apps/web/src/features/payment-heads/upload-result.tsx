import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Figure, RowErrorList } from '../../components/upload-dry-run.tsx';
import type { UploadAnswer } from './api.ts';

/**
 * Whether the upload answer calls for the "send reminders manually" advice (`docs/domain.md`, §5
 * "Account head CSV").
 */
export function needsWhatsappAdvice(answer: UploadAnswer): boolean {
  const sent = Array.isArray(answer.whatsappSent) ? answer.whatsappSent : [];
  if (sent.length === 0) return true;
  return sent.some(
    (entry) => typeof entry === 'object' && entry !== null && (entry as { success?: unknown }).success === false,
  );
}

/**
 * The answer of an upload (`docs/domain.md`, §5 "Account head CSV"): the status while processing,
 * the counts, the pending amounts that differ, the first row errors (the rest counted) and, when
 * WhatsApp notifications were not sent, the advice to send reminders from the Send Reminders page.
 */
export function UploadResult({ answer }: { answer: UploadAnswer }) {
  const { t } = useTranslation();
  const errors = Array.isArray(answer.errors) ? answer.errors : [];
  const success = Array.isArray(answer.success) ? answer.success : [];
  const statusText =
    answer.status === 'processing'
      ? t('paymentHeads.csv.processing')
      : answer.status === 'success'
        ? null
        : t('paymentHeads.csv.initiated');
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={3} fz="md">
        {t('paymentHeads.csv.resultTitle')}
      </Title>
      {statusText ? <Alert color="blue">{statusText}</Alert> : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t('paymentHeads.csv.totalRows')} value={answer.totalRows} />
        <Figure label={t('paymentHeads.csv.successRows')} value={success.length} />
        <Figure label={t('paymentHeads.csv.membersCreated')} value={answer.membersCreated} />
        <Figure label={t('paymentHeads.csv.headsCreated')} value={answer.paymentHeadsCreated} />
        <Figure label={t('yearEnd.csv.assigned')} value={answer.paymentsAssigned ?? 0} />
        <Figure label={t('yearEnd.csv.changed')} value={answer.paymentsChanged ?? 0} />
        <Figure label={t('yearEnd.csv.unchanged')} value={answer.paymentsUnchanged ?? 0} />
      </SimpleGrid>
      {(answer.pendingAmountsDiffer ?? 0) > 0 ? (
        <Alert color="blue">{t('yearEnd.csv.differ', { count: answer.pendingAmountsDiffer })}</Alert>
      ) : null}
      <RowErrorList errors={errors} title={t('paymentHeads.csv.errorsTitle', { count: errors.length })} />
      {needsWhatsappAdvice(answer) ? (
        <Alert color="orange" title={t('paymentHeads.csv.whatsappTitle')}>
          <Text size="sm">{t('paymentHeads.csv.whatsappAdvice')}</Text>
          <Button component={Link} to="/admin/reminders" variant="subtle" size="compact-sm" mt={4} px={0}>
            {t('paymentHeads.csv.openReminders')}
          </Button>
        </Alert>
      ) : null}
    </Stack>
  );
}
