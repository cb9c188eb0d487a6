import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatINR, type CollectDuesInputRaw, type PaymentRecord } from '@parish/shared';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { ReceiptWhatsAppButton } from '../../components/whatsapp/whatsapp-button.tsx';
import { collectDues } from './api.ts';
import { CheckoutInProgressNotice } from './checkout-in-progress-notice.tsx';
import { CollectMethodFields } from './collect-method-fields.tsx';
import { asLine, checkDues, duesBody, initialDuesValues, offeredDues, type DuesValues } from './collect-rules.ts';
import { DueLineRow } from './due-line-row.tsx';

/** The outcome of a collection, for the Collection Complete / Collection Failed dialog (with the receipt to print). */
export type CollectOutcome = { ok: true; receiptId?: string } | { ok: false; reason: string };

/**
 * The Collect Payment dialog's form (see {@link CollectPaymentModal}): the member, the dues to
 * tick, "Amount to receive", how it was paid with that method's reference, remarks, Cancel and Confirm.
 */
function DuesForm({
  payments,
  clicked,
  onCancel,
  onDone,
}: {
  payments: PaymentRecord[];
  clicked: PaymentRecord;
  onCancel: () => void;
  onDone: (outcome: CollectOutcome) => void;
}) {
  const { t } = useTranslation();
  const { lines, selected } = useMemo(
    () => offeredDues(payments.filter((p) => p.status === 'pending').map(asLine), clicked._id),
    [payments, clicked._id],
  );
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<DuesValues>({ mode: 'controlled', initialValues: initialDuesValues(lines, selected) });
  const values = form.values;
  const { chosen, totalPaise, utrBad, blocked } = checkDues(lines, values);
  const collect = useMutation({
    mutationFn: (body: CollectDuesInputRaw) => collectDues(body, idempotencyKey),
    onSuccess: (result) => onDone({ ok: true, receiptId: result.receiptId }),
    onError: (caught) => onDone({ ok: false, reason: errorText(caught) }),
  });
  const tick = (paymentId: string, on: boolean) =>
    form.setFieldValue(
      'selected',
      on ? [...values.selected, paymentId] : values.selected.filter((id) => id !== paymentId),
    );

  return (
    <form
      onSubmit={form.onSubmit((v) => {
        if (!blocked) collect.mutate(duesBody(clicked.memberId._id, lines, v));
      })}
      noValidate
    >
      <Stack gap="sm">
        <FormError message={collect.isError ? errorText(collect.error) : null} />
        <CheckoutInProgressNotice
          payment={{
            checkoutInProgress: payments.some((p) => values.selected.includes(p._id) && p.checkoutInProgress),
          }}
        />
        <TextInput
          label={t('collections.collect.member')}
          value={`${clicked.memberId.name} (${clicked.memberId.parishNumber})`}
          readOnly
        />
        <Text fw={600} size="sm" id="dues-to-collect">
          {t('collections.collect.dues')}
        </Text>
        <Stack gap="xs" role="group" aria-labelledby="dues-to-collect">
          {lines.map((line) => (
            <DueLineRow
              key={line.paymentId}
              line={line}
              checked={values.selected.includes(line.paymentId)}
              amount={values.amounts[line.paymentId]}
              onCheck={(on) => tick(line.paymentId, on)}
              onAmount={(value) => form.setFieldValue(`amounts.${line.paymentId}`, value)}
            />
          ))}
        </Stack>
        <Group justify="space-between">
          <Text fw={600}>{t('collections.collect.toReceive')}</Text>
          <Text
            fw={700}
            aria-live="polite"
            data-testid="amount-to-receive"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {formatINR(totalPaise)}
          </Text>
        </Group>
        <CollectMethodFields
          form={form}
          amountPaise={totalPaise}
          note={`${clicked.memberId.parishNumber} ${chosen.map((line) => line.headName).join(', ')}`}
          utrBad={utrBad}
        />
        <Textarea
          label={t('collections.collect.remarks')}
          description={t('collections.collect.remarksOnReceipt')}
          {...form.getInputProps('remarks')}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={collect.isPending}>
            {t('collections.collect.cancel')}
          </Button>
          <Button type="submit" loading={collect.isPending} color="green.8" disabled={blocked}>
            {t('collections.collect.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Collect Payment dialog (`docs/domain.md`, §2 "Collect Payment dialog" and "Collecting several
 * dues"): the member's pending dues to tick (arrears first and ticked, with the one clicked), each
 * variable head's amount typed and never raised behind the cashier's back ("The minimum for this
 * due is ₹…", Confirm disabled while below), "Amount to receive" live, one method with its one
 * reference field (cash the Payment Reference; UPI the UTR; a cheque its bank, number and date),
 * remarks printed on the receipt. One
 * receipt for everything (`POST /api/collections`, with an `Idempotency-Key` per dialog).
 */
export function CollectPaymentModal({
  payment,
  payments,
  onClose,
  onDone,
}: {
  payment: PaymentRecord | null;
  payments: PaymentRecord[];
  onClose: () => void;
  onDone: (outcome: CollectOutcome) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={payment !== null} onClose={onClose} title={t('collections.collect.title')} zIndex={300} size="lg">
      {payment ? (
        <DuesForm key={payment._id} payments={payments} clicked={payment} onCancel={onClose} onDone={onDone} />
      ) : null}
    </Modal>
  );
}

/**
 * The Collection Complete / Collection Failed dialog (`docs/domain.md`, §5 "Error and outcome
 * messages") with the product's texts.
 */
export function CollectOutcomeDialog({
  outcome,
  onClose,
  onPrint,
}: {
  outcome: CollectOutcome | null;
  onClose: () => void;
  onPrint?: (receiptId: string) => void;
}) {
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
        {outcome?.ok && outcome.receiptId ? <ReceiptWhatsAppButton receiptId={outcome.receiptId} /> : null}
        <Group justify="flex-end">
          {outcome?.ok && outcome.receiptId && onPrint ? (
            <Button variant="light" onClick={() => onPrint(outcome.receiptId ?? '')}>
              {t('collections.collect.printReceipt')}
            </Button>
          ) : null}
          <Button onClick={onClose} data-autofocus>
            {t('collections.collect.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
