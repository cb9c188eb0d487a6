import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { formatDisplayDate, formatRupees, parseRupeesToPaise, type PaymentException } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { REFUNDS_KEY, applyRefund, markRefunded, useMemberDues, useRefunds, voidTestPayments } from './api.ts';
import { DayInput } from '../../components/day-input.tsx';

type Dialog = { kind: 'refunded' | 'apply'; entry: PaymentException } | null;

/** After an action: the queue, the dashboard line and the payment lists refresh. */
function useRefreshAfterAction() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [REFUNDS_KEY, ['dashboard'], ['collections'], ['payments']]) {
      void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    }
  };
}

/** Runs a queue action: its success message as a notification, then refresh and close; or its error. */
function useQueueAction(onDone: () => void) {
  const refresh = useRefreshAfterAction();
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<string>) {
    try {
      notifications.show({ color: 'green', message: await action() });
      refresh();
      onDone();
    } catch (failure) {
      setError(errorText(failure));
    }
  }
  return { error, run };
}

/** Cancel and Save of the two dialogs. */
function FormButtons({ onCancel, loading, disabled }: { onCancel: () => void; loading: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={loading} disabled={disabled ?? false}>
        {t('refunds.save')}
      </Button>
    </Group>
  );
}

/** "Refunded": the refund's reference, date (yyyy-mm-dd from the date field) and a note. */
function RefundedForm({ entry, onDone }: { entry: PaymentException; onDone: () => void }) {
  const { t } = useTranslation();
  const { error, run } = useQueueAction(onDone);
  const form = useForm({ initialValues: { refundReference: '', refundDate: '', note: '' } });
  const save = (values: typeof form.values) =>
    run(async () => {
      await markRefunded(entry._id, { ...values, note: values.note || undefined });
      return t('refunds.recorded');
    });
  return (
    <form noValidate onSubmit={form.onSubmit(save)}>
      <Stack gap="sm">
        <FormError message={error} />
        <TextInput label={t('refunds.refundReference')} required {...form.getInputProps('refundReference')} />
        <DayInput label={t('refunds.refundDate')} required {...form.getInputProps('refundDate')} />
        <Textarea label={t('refunds.note')} autosize minRows={2} {...form.getInputProps('note')} />
        <FormButtons onCancel={onDone} loading={form.submitting} />
      </Stack>
    </form>
  );
}

/** "Apply to another due of this member": one of the member's pending dues the money covers. */
function ApplyForm({ entry, onDone }: { entry: PaymentException; onDone: () => void }) {
  const { t } = useTranslation();
  const { error, run } = useQueueAction(onDone);
  const dues = useMemberDues(entry.memberId);
  const form = useForm({ initialValues: { paymentId: '' } });
  const remaining = parseRupeesToPaise(entry.remaining) ?? 0;
  const options = (dues.data?.items ?? [])
    .filter((item) => item.status === 'pending' && (parseRupeesToPaise(item.amount) ?? Infinity) <= remaining)
    .map((item) => ({ value: item._id, label: `${item.paymentHeadId.name} · ${formatRupees(item.amount)}` }));
  const save = (values: typeof form.values) =>
    run(async () => {
      const result = await applyRefund(entry._id, values);
      return t('refunds.applied', { receipt: result.receiptNumber ?? '' });
    });
  if (dues.isPending) return <Loader size="sm" />;
  return (
    <form noValidate onSubmit={form.onSubmit(save)}>
      <Stack gap="sm">
        <FormError message={error} />
        {options.length === 0 ? <Text>{t('refunds.noDues')}</Text> : null}
        <Select label={t('refunds.due')} data={options} required {...form.getInputProps('paymentId')} />
        <FormButtons onCancel={onDone} loading={form.submitting} disabled={options.length === 0} />
      </Stack>
    </form>
  );
}

/** One entry: member, amount (what remains of it), reference, why, date, and the admin's actions. */
function EntryRow({ entry, admin, onAct }: { entry: PaymentException; admin: boolean; onAct: (d: Dialog) => void }) {
  const { t } = useTranslation();
  const amount =
    entry.remaining === entry.amount
      ? formatRupees(entry.amount)
      : t('refunds.remainingOf', { remaining: formatRupees(entry.remaining), amount: formatRupees(entry.amount) });
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{entry.memberName}</Text>
        <Text size="xs" c="gray.7">
          {entry.parishNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        {amount}{' '}
        {entry.isTest ? (
          <Badge color="yellow.4" c="dark.9">
            {t('refunds.test')}
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.gatewayReference ?? '—'}</Text>
        <Text size="xs" c="gray.7">
          {entry.transactionId}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(`refunds.reasons.${entry.reason}`)}</Text>
        {entry.headName ? (
          <Text size="xs" c="gray.7">
            {t('refunds.forDue', { head: entry.headName })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{formatDisplayDate(entry.createdAt)}</Table.Td>
      {admin ? (
        <Table.Td>
          <Group gap="xs" wrap="wrap">
            <Button size="xs" onClick={() => onAct({ kind: 'refunded', entry })}>
              {t('refunds.refunded')}
            </Button>
            <Button size="xs" variant="default" onClick={() => onAct({ kind: 'apply', entry })}>
              {t('refunds.apply')}
            </Button>
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** The admin's "Void all test payments", before going live (`docs/domain.md`, §10 "Payment mode"). */
function VoidTestPayments() {
  const { t } = useTranslation();
  const refresh = useRefreshAfterAction();
  function confirm() {
    modals.openConfirmModal({
      title: t('refunds.voidButton'),
      children: <Text size="sm">{t('refunds.voidConfirm')}</Text>,
      labels: { confirm: t('refunds.voidButton'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void voidTestPayments()
          .then((result) => {
            notifications.show({ color: 'green', message: t('refunds.voided', { count: result.payments }) });
            refresh();
          })
          .catch((failure: unknown) => notifications.show({ color: 'red', message: errorText(failure) })),
    });
  }
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        {t('refunds.voidTitle')}
      </Title>
      <Text size="sm" mb="sm">
        {t('refunds.voidIntro')}
      </Text>
      <Button color="red" variant="outline" onClick={confirm}>
        {t('refunds.voidButton')}
      </Button>
    </Paper>
  );
}

/**
 * Refunds and Exceptions (`docs/domain.md`, §4 "Refunds and exceptions"): the online money that
 * could not be applied, with "Refunded" and "Apply to another due of this member" for the admin;
 * the cashier reads it.
 */
export default function RefundsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const admin = user?.role === 'admin';
  const refunds = useRefunds();
  const [dialog, setDialog] = useState<Dialog>(null);
  const data = refunds.data;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={24}>
          {t('refunds.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('refunds.intro')}
        </Text>
      </div>
      {!admin ? <Text size="sm">{t('refunds.readOnly')}</Text> : null}
      {refunds.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('refunds.loading')}</Text>
        </Group>
      ) : null}
      {refunds.isError ? (
        <Alert color="red" role="alert">
          {t('refunds.loadError', { reason: errorText(refunds.error) })}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Text fw={600} data-testid="refunds-total">
            {t('refunds.pending', { count: data.pending.count, amount: formatRupees(data.pending.amount) })}
          </Text>
          {data.data.length === 0 ? (
            <Text>{t('refunds.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('refunds.columns.member')}</Table.Th>
                    <Table.Th>{t('refunds.columns.amount')}</Table.Th>
                    <Table.Th>{t('refunds.columns.reference')}</Table.Th>
                    <Table.Th>{t('refunds.columns.reason')}</Table.Th>
                    <Table.Th>{t('refunds.columns.date')}</Table.Th>
                    {admin ? <Table.Th>{t('refunds.columns.actions')}</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((entry) => (
                    <EntryRow key={entry._id} entry={entry} admin={admin} onAct={setDialog} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      ) : null}
      {admin ? <VoidTestPayments /> : null}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.kind === 'apply' ? t('refunds.applyTitle') : t('refunds.refundedTitle')}
      >
        {dialog?.kind === 'refunded' ? <RefundedForm entry={dialog.entry} onDone={() => setDialog(null)} /> : null}
        {dialog?.kind === 'apply' ? <ApplyForm entry={dialog.entry} onDone={() => setDialog(null)} /> : null}
      </Modal>
    </Stack>
  );
}
