import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CORRECTION_REASONS,
  REVERSAL_REASONS,
  formatDisplayDate,
  formatINR,
  paise,
  sumPaise,
  type PaymentReportRow,
  type ReceiptSummary,
  type ReversalReason,
  type Rupees,
} from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { amountPaise } from '../../lib/money.ts';
import { REPORTS_KEY, correctReceipt, reverseCollection, useReceiptOfPayment } from './api.ts';
import { useMethodLabel } from './report-ui.tsx';

/** What the dialog does: reverse the whole receipt, or correct it (void it and re-issue the lines kept). */
type Action = 'reverse' | 'correct';

/** Rupees as the screen shows them: ₹ with Indian grouping. */
const rupees = (amount: Rupees) => formatINR(amountPaise(amount));

/**
 * The confirmation before a reversal (`docs/domain.md`, "Reversal with a reason" and "Correcting a
 * receipt"; decisions 0023, 0100, 0101): a reversal voids the WHOLE receipt, so the dialog shows the
 * receipt number, every line (head and amount), the total it voids and the day's effect, warns
 * when the member is inactive, and offers "Correct this receipt": void it and re-issue the lines
 * ticked Keep on a new receipt in one step. Reverse stays disabled until a reason is chosen (and,
 * for Other, a note typed); a correction also needs at least one line kept and one left out.
 */
export function ReverseModal({ row, onClose }: { row: PaymentReportRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const receipt = useReceiptOfPayment(row?.paymentId ?? null);
  const [action, setAction] = useState<Action>('reverse');
  const [keep, setKeep] = useState<string[]>([]);
  const [reason, setReason] = useState<ReversalReason | null>(null);
  const [note, setNote] = useState('');
  const done = (message: string) => {
    notifications.show({ color: 'green', title: t('common.success'), message });
    for (const key of [REPORTS_KEY, ['dashboard'], ['payments'], ['collections'], ['payment-heads'], ['receipts']]) {
      void queryClient.invalidateQueries({ queryKey: [...key] });
    }
    close();
  };
  const reverse = useMutation({ mutationFn: reverseCollection, onSuccess: () => done(t('reports.direct.reversed')) });
  const correct = useMutation({
    mutationFn: correctReceipt,
    onSuccess: (answer) => done(t('reports.direct.corrected', { number: answer.newReceipt.receiptNumber })),
  });
  const mutation = action === 'reverse' ? reverse : correct;
  const close = () => {
    reverse.reset();
    correct.reset();
    setAction('reverse');
    setKeep([]);
    setReason(null);
    setNote('');
    onClose();
  };
  const summary = receipt.data ?? null;
  const lineCount = summary?.lines.filter((line) => line.paymentId !== null).length ?? 0;
  const keepReady = action === 'reverse' || (keep.length > 0 && keep.length < lineCount);
  const reasonReady = reason !== null && (reason !== 'other' || note.trim() !== '');
  const ready = summary !== null && !summary.voided && keepReady && reasonReady;
  const confirm = () => {
    if (!row || !summary || !reason) return;
    const extra = note.trim() ? { note: note.trim() } : {};
    if (action === 'reverse') reverse.mutate({ paymentId: row.paymentId, reason, ...extra });
    else if (reason !== 'cheque_bounced') correct.mutate({ receiptId: summary.receiptId, reason, keep, ...extra });
  };
  const reasons = action === 'reverse' ? REVERSAL_REASONS : CORRECTION_REASONS;
  return (
    <Modal opened={row !== null} onClose={close} title={t('reports.direct.confirmTitle')} size="lg">
      {row ? (
        <Stack>
          {receipt.isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
          {receipt.isError ? (
            <Alert color="red" role="alert">
              {errorText(receipt.error, t('reports.direct.receiptFailed'))}
            </Alert>
          ) : null}
          {summary ? (
            <ReceiptPanel
              summary={summary}
              action={action}
              keep={keep}
              onAction={(next) => {
                setAction(next);
                if (reason === 'cheque_bounced') setReason(null);
              }}
              onKeep={setKeep}
            />
          ) : null}
          <Alert color="red" title={t('common.warning')}>
            {t('reports.direct.irreversible')}
          </Alert>
          <Select
            label={t('reports.direct.reason')}
            placeholder={t('reports.direct.reasonPlaceholder')}
            value={reason}
            onChange={(value) => setReason(value as ReversalReason | null)}
            data={reasons.map((value) => ({ value, label: t(`reports.direct.reasons.${value}`) }))}
            comboboxProps={{ withinPortal: true }}
            required
          />
          <TextInput
            label={t('reports.direct.note')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={500}
            required={reason === 'other'}
          />
          {mutation.isError ? (
            <Alert color="red" role="alert">
              {errorText(mutation.error, t('reports.direct.reverseFailed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('reports.direct.cancel')}
            </Button>
            <Button color="red" loading={mutation.isPending} disabled={!ready} onClick={confirm}>
              {action === 'reverse' ? t('reports.direct.confirm') : t('reports.direct.confirmCorrect')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * The receipt a reversal voids: number, member, date and method; the choice between reversing it
 * whole and correcting it; every line with its amount (and, when correcting, a Keep box each);
 * the total; what today's day sheet shows; and a warning when the member is inactive.
 */
function ReceiptPanel(props: {
  summary: ReceiptSummary;
  action: Action;
  keep: string[];
  onAction: (action: Action) => void;
  onKeep: (keep: string[]) => void;
}) {
  const { summary, action, keep, onAction, onKeep } = props;
  const { t } = useTranslation();
  const methodLabel = useMethodLabel();
  const count = summary.lines.length;
  const method = methodLabel(summary.paymentMethod);
  const keptPaise = sumPaise(
    summary.lines
      .filter((line) => line.paymentId !== null && keep.includes(line.paymentId))
      .map((line) => amountPaise(line.amount)),
  );
  const collector = summary.collectedBy?.name ?? '';
  return (
    <Stack gap="sm">
      <Text>
        {t('reports.direct.confirmText', {
          number: summary.receiptNumber,
          name: summary.member.name,
          parishNumber: summary.member.parishNumber,
          date: formatDisplayDate(summary.issuedDay),
          method,
          count,
          total: rupees(summary.total),
        })}
      </Text>
      {summary.voided ? (
        <Alert color="red" role="alert">
          {t('reports.direct.alreadyVoided', { number: summary.receiptNumber })}
        </Alert>
      ) : null}
      {count > 1 ? (
        <Radio.Group
          label={t('reports.direct.action')}
          value={action}
          onChange={(value) => onAction(value === 'correct' ? 'correct' : 'reverse')}
        >
          <Stack gap={4} mt={4}>
            <Radio value="reverse" label={t('reports.direct.actionReverse')} />
            <Radio value="correct" label={t('reports.direct.actionCorrect')} />
          </Stack>
        </Radio.Group>
      ) : null}
      <ReceiptLinesTable summary={summary} action={action} keep={keep} onKeep={onKeep} />
      <Text size="sm">
        {action === 'reverse'
          ? t('reports.direct.dayEffect', { collector, method, total: rupees(summary.total) })
          : t('reports.direct.dayEffectCorrect', {
              collector,
              method,
              number: summary.receiptNumber,
              total: rupees(summary.total),
              kept: formatINR(keptPaise),
              pending: formatINR(paise(amountPaise(summary.total) - keptPaise)),
            })}
      </Text>
      {summary.member.active ? null : (
        <Alert color="yellow" title={t('reports.direct.inactiveTitle')}>
          {t('reports.direct.inactiveText', { name: summary.member.name })}
        </Alert>
      )}
    </Stack>
  );
}

/** The receipt's lines (head and year, amount) and the total; when correcting, a Keep box on each line. */
function ReceiptLinesTable(props: {
  summary: ReceiptSummary;
  action: Action;
  keep: string[];
  onKeep: (keep: string[]) => void;
}) {
  const { summary, action, keep, onKeep } = props;
  const { t } = useTranslation();
  const correcting = action === 'correct';
  return (
    <Table aria-label={t('reports.direct.linesLabel', { number: summary.receiptNumber })}>
      <Table.Thead>
        <Table.Tr>
          {correcting ? <Table.Th>{t('reports.direct.keep')}</Table.Th> : null}
          <Table.Th>{t('reports.direct.head')}</Table.Th>
          <Table.Th ta="right">{t('reports.direct.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {summary.lines.map((line, index) => {
          const head = `${line.headName} ${line.headYear}`;
          const id = line.paymentId;
          return (
            <Table.Tr key={id ?? `line-${index}`}>
              {correcting ? (
                <Table.Td>
                  {id ? (
                    <Checkbox
                      aria-label={t('reports.direct.keepLine', { head })}
                      checked={keep.includes(id)}
                      onChange={(event) =>
                        onKeep(event.currentTarget.checked ? [...keep, id] : keep.filter((k) => k !== id))
                      }
                    />
                  ) : null}
                </Table.Td>
              ) : null}
              <Table.Td>{head}</Table.Td>
              <Table.Td ta="right">{rupees(line.amount)}</Table.Td>
            </Table.Tr>
          );
        })}
        <Table.Tr>
          {correcting ? <Table.Td /> : null}
          <Table.Th scope="row">{t('reports.direct.total')}</Table.Th>
          <Table.Td ta="right" fw={700}>
            {rupees(summary.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
