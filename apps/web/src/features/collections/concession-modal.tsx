import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CONCESSION_AMOUNT_MESSAGE,
  CONCESSION_NOTE_MESSAGE,
  CONCESSION_REASONS,
  formatRupees,
  type ConcessionReason,
  type PaymentRecord,
} from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { grantConcession } from './api.ts';

interface ConcessionValues {
  kind: 'lower' | 'waive';
  amount: number | string;
  reason: ConcessionReason | '';
  note: string;
}

/**
 * The admin's concession dialog for one pending due (`docs/domain.md`, §4 "Concessions"): lower the
 * amount (the due stays pending at the new amount) or waive it whole, with a reason (widow,
 * hardship, deceased, other + words). Sends `POST /api/payments/{id}/concession`; every query
 * refreshes after it.
 */
export function ConcessionModal({ payment, onClose }: { payment: PaymentRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const queryClient = useQueryClient();
  const form = useForm<ConcessionValues>({
    initialValues: { kind: 'lower', amount: '', reason: '', note: '' },
    validate: {
      amount: (value, values) =>
        values.kind === 'lower' && !(Number(value) > 0 && Number(value) < payment.amount)
          ? CONCESSION_AMOUNT_MESSAGE
          : null,
      reason: (value) => (value ? null : t('yearEnd.concession.reasonRequired')),
      note: (value, values) => (values.reason === 'other' && !value.trim() ? CONCESSION_NOTE_MESSAGE : null),
    },
  });
  const save = useMutation({
    mutationFn: (values: ConcessionValues) =>
      grantConcession(payment._id, {
        kind: values.kind,
        ...(values.kind === 'lower' && { amount: Number(values.amount) }),
        reason: values.reason as ConcessionReason,
        note: values.note.trim() || null,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      notifications.show({ color: 'green', message: t('yearEnd.concession.done') });
      onClose();
    },
  });
  const head = payment.paymentHeadId.name;
  return (
    <Modal opened onClose={onClose} title={t('yearEnd.concession.title', { head })} fullScreen={phone}>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack>
          <Text size="sm">
            {payment.memberId.name} · {payment.memberId.parishNumber} ·{' '}
            {t('yearEnd.concession.due', { amount: formatRupees(payment.amount) })}
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="concession-kind">
              {t('yearEnd.concession.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="concession-kind"
              data={[
                { value: 'lower', label: t('yearEnd.concession.lower') },
                { value: 'waive', label: t('yearEnd.concession.waive') },
              ]}
              {...form.getInputProps('kind')}
            />
          </Stack>
          {form.values.kind === 'lower' ? (
            <NumberInput
              label={t('yearEnd.concession.amount')}
              min={0}
              decimalScale={2}
              thousandSeparator=","
              thousandsGroupStyle="lakh"
              withAsterisk
              {...form.getInputProps('amount')}
            />
          ) : null}
          <Select
            label={t('yearEnd.concession.reason')}
            withAsterisk
            data={CONCESSION_REASONS.map((reason) => ({
              value: reason,
              label: t(`yearEnd.concession.reasons.${reason}`),
            }))}
            {...form.getInputProps('reason')}
          />
          <Textarea
            label={form.values.reason === 'other' ? t('yearEnd.concession.note') : t('yearEnd.concession.noteOptional')}
            withAsterisk={form.values.reason === 'other'}
            maxLength={500}
            autosize
            minRows={2}
            {...form.getInputProps('note')}
          />
          {save.isError ? (
            <Alert color="red" role="alert">
              {t('yearEnd.concession.error', { message: errorText(save.error) })}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('yearEnd.concession.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
