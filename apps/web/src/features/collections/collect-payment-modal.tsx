import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  COLLECTION_METHODS,
  formatINR,
  parseRupeesToPaise,
  type CollectPaymentInputRaw,
  type CollectionMethod,
  type PaymentRecord,
} from '@parish/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { FORM_ERROR, formErrorOf } from '../../lib/form-validation.ts';
import { ReceiptWhatsAppButton } from '../../components/whatsapp/whatsapp-button.tsx';
import { collectPayment } from './api.ts';
import { collectionBody, collectionProblem, rupeesText, type CollectValues } from './collect-rules.ts';

/** The outcome of a collection, for the Collection Complete / Collection Failed dialog. */
export type CollectOutcome = { ok: true; paymentId?: string } | { ok: false; reason: string };

function CollectForm({
  payment,
  onCancel,
  onDone,
}: {
  payment: PaymentRecord;
  onCancel: () => void;
  onDone: (outcome: CollectOutcome) => void;
}) {
  const { t } = useTranslation();
  const duePaise = parseRupeesToPaise(payment.amount) ?? 0;
  const variable = payment.paymentHeadId.variable_amount;
  const initialValues: CollectValues = { amount: rupeesText(duePaise), method: 'cash', reference: '', remarks: '' };
  const form = useForm({
    mode: 'controlled',
    initialValues,
    validate: (values): Record<string, string> => {
      const problem = collectionProblem(values.amount, duePaise, variable);
      return problem ? { [FORM_ERROR]: problem } : {};
    },
    transformValues: (values) => collectionBody(values, duePaise, variable),
  });
  const error = formErrorOf(form.errors)?.message ?? null;
  const collect = useMutation({
    mutationFn: (body: CollectPaymentInputRaw) => collectPayment(payment._id, body),
    onSuccess: () => onDone({ ok: true, paymentId: payment._id }),
    onError: (caught) => onDone({ ok: false, reason: errorText(caught) }),
  });

  return (
    <form onSubmit={form.onSubmit((body) => collect.mutate(body))} noValidate>
      <Stack gap="sm">
        <FormError message={error} />
        <TextInput
          label={t('collections.collect.member')}
          value={`${payment.memberId.name} (${payment.memberId.parishNumber})`}
          readOnly
        />
        <TextInput label={t('collections.collect.head')} value={payment.paymentHeadId.name} readOnly />
        <NumberInput
          label={t('collections.collect.amount')}
          description={
            variable
              ? t('collections.collect.amountVariableHint', { amount: formatINR(duePaise) })
              : t('collections.collect.amountFixedHint')
          }
          {...form.getInputProps('amount')}
          readOnly={!variable}
          min={duePaise / 100}
          decimalScale={2}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          allowNegative={false}
          hideControls
          inputMode="decimal"
        />
        <Select
          label={t('collections.collect.method')}
          value={form.values.method}
          onChange={(value) => form.setFieldValue('method', (value as CollectionMethod | null) ?? 'cash')}
          data={COLLECTION_METHODS.map((value) => ({ value, label: t(`collections.collect.${value}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('collections.collect.reference')}
          description={t('collections.collect.referenceHint')}
          {...form.getInputProps('reference')}
          maxLength={100}
        />
        <Textarea
          label={t('collections.collect.remarks')}
          description={t('collections.collect.remarksHint')}
          {...form.getInputProps('remarks')}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={collect.isPending}>
            {t('collections.collect.cancel')}
          </Button>
          <Button type="submit" loading={collect.isPending} color="green.8">
            {t('collections.collect.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Collect Payment modal (`docs/domain.md`, §2 "Collect Payment dialog"): member, account head, amount (the due
 * amount, editable upwards only on a variable-amount head), payment method (Direct Collection -
 * Cash by default, UPI, Cheque), optional Payment Reference (saved as the transaction id) and
 * Remarks, Cancel and Confirm Collection. Reports the outcome to `onDone`.
 */
export function CollectPaymentModal({
  payment,
  onClose,
  onDone,
}: {
  payment: PaymentRecord | null;
  onClose: () => void;
  onDone: (outcome: CollectOutcome) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={payment !== null} onClose={onClose} title={t('collections.collect.title')} zIndex={300}>
      {payment ? <CollectForm key={payment._id} payment={payment} onCancel={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

/**
 * The Collection Complete / Collection Failed dialog (`docs/domain.md`, §5 "Error and outcome
 * messages") with the product's texts.
 */
export function CollectOutcomeDialog({ outcome, onClose }: { outcome: CollectOutcome | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ok = outcome?.ok === true;
  return (
    <Modal
      opened={outcome !== null}
      onClose={onClose}
      zIndex={310}
      title={ok ? t('collections.collect.successTitle') : t('collections.collect.failureTitle')}
    >
      <Stack>
        <Text role={ok ? 'status' : 'alert'} c={ok ? undefined : 'red.9'}>
          {outcome === null
            ? ''
            : outcome.ok
              ? t('collections.collect.success')
              : t('collections.collect.failure', { reason: outcome.reason })}
        </Text>
        {outcome?.ok && outcome.paymentId ? <ReceiptWhatsAppButton receiptId={outcome.paymentId} /> : null}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('collections.collect.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
