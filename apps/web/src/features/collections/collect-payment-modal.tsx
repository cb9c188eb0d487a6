import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  COLLECTION_METHODS,
  amountBelowDueMessage,
  formatINR,
  parseRupeesToPaise,
  type CollectPaymentInputRaw,
  type CollectionMethod,
  type PaymentRecord,
} from '@parish/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { collectPayment } from './api.ts';

/** The outcome of a collection, for the Collection Complete / Collection Failed dialog. */
export type CollectOutcome = { ok: true } | { ok: false; reason: string };

function rupeesText(paise: number): string {
  return formatINR(paise, { symbol: false }).replace(/,/g, '');
}

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
  const [amount, setAmount] = useState<string | number>(rupeesText(duePaise));
  const [method, setMethod] = useState<CollectionMethod>('cash');
  const [reference, setReference] = useState('');
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const collect = useMutation({
    mutationFn: (body: CollectPaymentInputRaw) => collectPayment(payment._id, body),
    onSuccess: () => onDone({ ok: true }),
    onError: (caught) => onDone({ ok: false, reason: errorText(caught) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const paise = variable ? parseRupeesToPaise(String(amount)) : duePaise;
    if (paise === null) {
      setError(t('messages.invalidAmount'));
      return;
    }
    if (paise < duePaise) {
      setError(amountBelowDueMessage(formatINR(duePaise)));
      return;
    }
    setError(null);
    collect.mutate({
      collectionMode: 'manual',
      collectionAmount: paise / 100,
      paymentMethod: method,
      ...(reference.trim() && { pgTransactionId: reference.trim() }),
      ...(remarks.trim() && { notes: remarks.trim() }),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
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
          value={amount}
          onChange={setAmount}
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
          value={method}
          onChange={(value) => setMethod((value as CollectionMethod | null) ?? 'cash')}
          data={COLLECTION_METHODS.map((value) => ({ value, label: t(`collections.collect.${value}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('collections.collect.reference')}
          description={t('collections.collect.referenceHint')}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          maxLength={100}
        />
        <Textarea
          label={t('collections.collect.remarks')}
          description={t('collections.collect.remarksHint')}
          value={remarks}
          onChange={(event) => setRemarks(event.currentTarget.value)}
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
 * The Collect Payment modal (specification section 2): member, account head, amount (the due
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

/** The Collection Complete / Collection Failed dialog (section 8) with the specification's texts. */
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
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('collections.collect.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
