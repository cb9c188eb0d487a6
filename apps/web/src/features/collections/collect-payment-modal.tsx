import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { MAX_LINE_PAISE, formatINR, type CollectDuesInputRaw, type Paise, type PaymentRecord } from '@parish/shared';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { ReceiptWhatsAppButton } from '../../components/whatsapp/whatsapp-button.tsx';
import { collectDues } from './api.ts';
import { CheckoutInProgressNotice } from './checkout-in-progress-notice.tsx';
import { CollectMethodFields } from './collect-method-fields.tsx';
import {
  asLine,
  cashToday,
  checkDues,
  duesBody,
  initialDuesValues,
  offeredDues,
  type DuesCheck,
  type DuesValues,
} from './collect-rules.ts';
import { DueLineRow } from './due-line-row.tsx';

/**
 * Why Confirm is held back before the server is asked (`docs/domain.md`, §4 "Limits on one line",
 * "Cash of ₹2,00,000 or more"): a line above one crore, or cash at the section 269ST limit.
 */
function LimitNotice({ check, earlierCashPaise }: { check: DuesCheck; earlierCashPaise: Paise }) {
  const { t } = useTranslation();
  if (check.aboveLimit.length === 0 && !check.cashLimit) return null;
  return (
    <Alert color="red" role="alert">
      {check.aboveLimit.length > 0
        ? t('collections.collect.aboveLimit', { limit: formatINR(MAX_LINE_PAISE) })
        : t('collections.collect.cashLimit', { earlier: formatINR(earlierCashPaise) })}
    </Alert>
  );
}

/**
 * The confirmation a collection above the due asks for (`docs/domain.md`, "Effective amount",
 * decision 0025): each excess named ("₹500.00 above the due of ₹2,000.00 for …"), then collect or go back.
 */
function ExcessConfirm({
  check,
  pending,
  onConfirm,
  onBack,
}: {
  check: DuesCheck;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      role="alertdialog"
      aria-labelledby="excess-title"
      title={<span id="excess-title">{t('collections.collect.excessTitle')}</span>}
    >
      <Stack gap="xs">
        {check.excess.map(({ line, excessPaise }) => (
          <Text key={line.paymentId} size="sm">
            {t('collections.collect.excessLine', {
              excess: formatINR(excessPaise),
              due: formatINR(line.duePaise),
              name: line.headName,
            })}
          </Text>
        ))}
        <Text size="sm" fw={600}>
          {t('collections.collect.excessQuestion')}
        </Text>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={pending}>
            {t('collections.collect.excessBack')}
          </Button>
          <Button color="green.8" onClick={onConfirm} loading={pending} data-autofocus>
            {t('collections.collect.excessConfirm', { total: formatINR(check.totalPaise) })}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The collect form's Remarks (printed on the receipt); each method's reference is in `CollectMethodFields`. */
function RemarksField({ form }: { form: UseFormReturnType<DuesValues> }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('collections.collect.remarks')}
      description={t('collections.collect.remarksOnReceipt')}
      {...form.getInputProps('remarks')}
      maxLength={500}
      autosize
      minRows={2}
    />
  );
}

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
  const [earlierCashPaise] = useState(() => cashToday(payments, new Date()));
  const [askExcess, setAskExcess] = useState(false);
  const check = checkDues(lines, values, earlierCashPaise);
  const { chosen, totalPaise, utrBad, blocked } = check;
  const collect = useMutation({
    mutationFn: (body: CollectDuesInputRaw) => collectDues(body, idempotencyKey),
    onSuccess: (result) => onDone({ ok: true, receiptId: result.receiptId }),
    onError: (caught) => onDone({ ok: false, reason: errorText(caught) }),
  });
  const send = () => collect.mutate(duesBody(clicked.memberId._id, lines, form.getValues()));
  const tick = (paymentId: string, on: boolean) =>
    form.setFieldValue(
      'selected',
      on ? [...values.selected, paymentId] : values.selected.filter((id) => id !== paymentId),
    );

  return (
    <form
      onSubmit={form.onSubmit(() => {
        if (blocked) return;
        // Above the due on a variable head: ask first, naming the excess (decision 0025).
        if (check.excess.length > 0) setAskExcess(true);
        else send();
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
        <RemarksField form={form} />
        <LimitNotice check={check} earlierCashPaise={earlierCashPaise} />
        {askExcess && check.excess.length > 0 && !blocked ? (
          <ExcessConfirm
            check={check}
            pending={collect.isPending}
            onConfirm={send}
            onBack={() => setAskExcess(false)}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={collect.isPending}>
            {t('collections.collect.cancel')}
          </Button>
          <Button type="submit" loading={collect.isPending} color="green.8" disabled={blocked || askExcess}>
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
