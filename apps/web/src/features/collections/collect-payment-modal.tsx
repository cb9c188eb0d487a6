import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  COLLECTION_METHODS,
  UTR_PATTERN,
  formatINR,
  parseRupeesToPaise,
  type CollectDuesInputRaw,
  type CollectionMethod,
  type PaymentRecord,
} from '@parish/shared';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { ReceiptWhatsAppButton } from '../../components/whatsapp/whatsapp-button.tsx';
import { collectDues } from './api.ts';
import { CheckoutInProgressNotice } from './checkout-in-progress-notice.tsx';
import { UpiQr } from './upi-qr.tsx';
import { belowDue, offeredDues, rupeesText, typedPaise, type DueLine } from './collect-rules.ts';

/** The outcome of a collection, for the Collection Complete / Collection Failed dialog (with the receipt to print). */
export type CollectOutcome = { ok: true; receiptId?: string } | { ok: false; reason: string };

/** The collect form's values: the dues ticked, each one's typed amount, and how it was paid. */
interface DuesValues {
  selected: string[];
  amounts: Record<string, string | number>;
  method: CollectionMethod;
  reference: string;
  utr: string;
  bank: string;
  chequeNumber: string;
  chequeDate: string;
  remarks: string;
}

const asLine = (payment: PaymentRecord): DueLine => ({
  paymentId: payment._id,
  headName: payment.paymentHeadId.name,
  year: payment.paymentHeadId.year,
  type: payment.paymentHeadId.type,
  duePaise: parseRupeesToPaise(payment.amount) ?? 0,
  variable: payment.paymentHeadId.variable_amount,
});

/** The `POST /api/collections` body of the form's values. */
function duesBody(memberId: string, lines: DueLine[], values: DuesValues): CollectDuesInputRaw {
  const reference = values.reference.trim();
  const remarks = values.remarks.trim();
  return {
    memberId,
    items: lines
      .filter((line) => values.selected.includes(line.paymentId))
      .map((line) => ({
        paymentId: line.paymentId,
        amount: (typedPaise(line, values.amounts[line.paymentId]) ?? 0) / 100,
      })),
    paymentMethod: values.method,
    ...(reference && { reference }),
    ...(remarks && { notes: remarks }),
    ...(values.method === 'upi' && values.utr.trim() ? { utr: values.utr.trim() } : {}),
    ...(values.method === 'cheque'
      ? { cheque: { bank: values.bank.trim(), number: values.chequeNumber.trim(), date: values.chequeDate } }
      : {}),
  };
}

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
  const form = useForm<DuesValues>({
    mode: 'controlled',
    initialValues: {
      selected,
      amounts: Object.fromEntries(lines.map((line) => [line.paymentId, rupeesText(line.duePaise)])),
      method: 'cash',
      reference: '',
      utr: '',
      bank: '',
      chequeNumber: '',
      chequeDate: '',
      remarks: '',
    },
  });
  const values = form.values;
  const chosen = lines.filter((line) => values.selected.includes(line.paymentId));
  const short = chosen.filter((line) => belowDue(line, values.amounts[line.paymentId]));
  const totalPaise = chosen.reduce((sum, line) => sum + (typedPaise(line, values.amounts[line.paymentId]) ?? 0), 0);
  const utrBad = values.method === 'upi' && values.utr.trim() !== '' && !UTR_PATTERN.test(values.utr.trim());
  const chequeMissing =
    values.method === 'cheque' &&
    (!values.bank.trim() || !values.chequeNumber.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(values.chequeDate));
  const blocked = chosen.length === 0 || short.length > 0 || utrBad || chequeMissing;
  const collect = useMutation({
    mutationFn: (body: CollectDuesInputRaw) => collectDues(body, idempotencyKey),
    onSuccess: (result) => onDone({ ok: true, receiptId: result.receiptId }),
    onError: (caught) => onDone({ ok: false, reason: errorText(caught) }),
  });

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
          {lines.map((line) => {
            const checked = values.selected.includes(line.paymentId);
            const isShort = checked && belowDue(line, values.amounts[line.paymentId]);
            return (
              <Paper key={line.paymentId} withBorder p="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Checkbox
                    label={`${line.headName.includes(String(line.year)) ? line.headName : `${line.headName} ${line.year}`}${line.type === 'arrear' ? ` · ${t('collections.collect.arrear')}` : ''}`}
                    checked={checked}
                    onChange={(event) =>
                      form.setFieldValue(
                        'selected',
                        event.currentTarget.checked
                          ? [...values.selected, line.paymentId]
                          : values.selected.filter((id) => id !== line.paymentId),
                      )
                    }
                  />
                  {line.variable ? (
                    <NumberInput
                      aria-label={t('collections.collect.amountFor', { name: line.headName })}
                      label={t('collections.collect.amount')}
                      value={values.amounts[line.paymentId]}
                      onChange={(value) => form.setFieldValue(`amounts.${line.paymentId}`, value)}
                      disabled={!checked}
                      decimalScale={2}
                      thousandSeparator=","
                      thousandsGroupStyle="lakh"
                      allowNegative={false}
                      hideControls
                      inputMode="decimal"
                      w={160}
                      error={
                        isShort ? t('collections.collect.minimum', { amount: formatINR(line.duePaise) }) : undefined
                      }
                    />
                  ) : (
                    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatINR(line.duePaise)}
                    </Text>
                  )}
                </Group>
              </Paper>
            );
          })}
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
        <Select
          label={t('collections.collect.method')}
          value={values.method}
          onChange={(value) => form.setFieldValue('method', (value as CollectionMethod | null) ?? 'cash')}
          data={COLLECTION_METHODS.map((value) => ({ value, label: t(`collections.collect.${value}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {values.method === 'upi' ? (
          <UpiQr
            amountPaise={totalPaise}
            note={`${clicked.memberId.parishNumber} ${chosen.map((line) => line.headName).join(', ')}`}
          />
        ) : null}
        {values.method === 'upi' ? (
          <TextInput
            label={t('collections.collect.utr')}
            description={t('collections.collect.utrHint')}
            {...form.getInputProps('utr')}
            inputMode="numeric"
            maxLength={12}
            error={utrBad ? t('collections.collect.utrFormat') : undefined}
          />
        ) : null}
        {values.method === 'cheque' ? (
          <Group grow wrap="wrap" align="flex-start">
            <TextInput label={t('collections.collect.bank')} {...form.getInputProps('bank')} maxLength={100} required />
            <TextInput
              label={t('collections.collect.chequeNumber')}
              {...form.getInputProps('chequeNumber')}
              maxLength={20}
              required
            />
            <TextInput
              label={t('collections.collect.chequeDate')}
              type="date"
              {...form.getInputProps('chequeDate')}
              required
            />
          </Group>
        ) : null}
        <TextInput
          label={t('collections.collect.reference')}
          description={t('collections.collect.referenceHint')}
          {...form.getInputProps('reference')}
          maxLength={100}
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
 * due is ₹…", Confirm disabled while below), "Amount to receive" live, one method (a UPI payment's
 * UTR; a cheque's bank, number and date), one reference, remarks printed on the receipt. One
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
