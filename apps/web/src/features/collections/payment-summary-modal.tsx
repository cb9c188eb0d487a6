import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_PARISH_TIMEZONE,
  calendarDateIn,
  formatDisplayDate,
  formatINR,
  type MemberPayments,
  type PaymentRecord,
} from '@parish/shared';
import {
  IconDownload,
  IconFileSpreadsheet,
  IconPrinter,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { MemberHistoryProps } from '../../components/member-history.tsx';
import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { printPaymentReceipt } from '../../lib/print-receipt.ts';
import { saveBlob, tableFile, type TableFormat } from '../../lib/table-download.ts';
import { useMemberPayments } from './api.ts';
import { CollectOutcomeDialog, CollectPaymentModal, type CollectOutcome } from './collect-payment-modal.tsx';
import { ConcessionModal } from './concession-modal.tsx';
import {
  historyTable,
  historyFileName,
  isOverdue,
  typeKey,
  visiblePayments,
  type HistorySort,
  type StatusFilter,
} from './payment-history.ts';
import { MemberWhatsAppButton } from '../../components/whatsapp/whatsapp-button.tsx';

/** Props of the Payment Summary dialog of one member (docs/domain.md, "§2 Screens"). */
export type PaymentSummaryModalProps = MemberHistoryProps;

/** The list refreshes 300 ms after a staff collection (`docs/domain.md`, §2 "Page sizes and timings"). */
export const REFRESH_AFTER_COLLECTION_MS = 300;

/** Saves the member's payment history as a CSV or an Excel workbook; a failure shows as a notification. */
async function exportHistory(data: MemberPayments, t: (key: string) => string, today: string, format: TableFormat) {
  try {
    const { header, rows } = historyTable(data, t);
    saveBlob(await tableFile(header, rows, format), historyFileName(data.member.name, today, format));
  } catch (error) {
    notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
  }
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" component="div">
      <Text span c="gray.7" size="sm">
        {label}:{' '}
      </Text>
      <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Text>
  );
}

function PaymentItem({
  payment,
  today,
  onCollect,
  onReceipt,
  onConcession,
}: {
  payment: PaymentRecord;
  today: string;
  onCollect: (payment: PaymentRecord) => void;
  onReceipt: (payment: PaymentRecord) => void;
  /** Admin only: lower or waive this pending due (docs/domain.md, §4 "Concessions"). */
  onConcession?: ((payment: PaymentRecord) => void) | undefined;
}) {
  const { t } = useTranslation();
  const paid = payment.status === 'paid';
  const waived = payment.status === 'waived';
  const overdue = isOverdue(payment, today);
  const assigned = paiseOf(payment.amount);
  const extra = paid && payment.paidAmount !== null ? paiseOf(payment.paidAmount) - assigned : 0;
  const head = payment.paymentHeadId;
  return (
    <Card withBorder padding="sm" component="li">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {head.name}
      </Text>
      <Group gap={4} mt={4}>
        <Badge variant="outline" color="dark.6">
          {t(`collections.summary.${typeKey(head.type)}`)}
        </Badge>
        {paid ? (
          <Badge color="green.8">{t('collections.summary.paid')}</Badge>
        ) : waived ? (
          <Badge color="gray.7">{t('yearEnd.concession.waived')}</Badge>
        ) : (
          <Badge color="yellow.4" c="dark.9">
            {t('collections.summary.pending')}
          </Badge>
        )}
        {overdue ? <Badge color="red.8">{t('collections.summary.overdue')}</Badge> : null}
      </Group>
      {head.description ? (
        <Text size="sm" c="gray.7" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {head.description}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={2} verticalSpacing={2} mt="xs">
        <Detail label={t('collections.summary.amount')} value={formatINR(assigned)} />
        <Detail label={t('collections.summary.year')} value={String(payment.year)} />
        <Detail label={t('collections.summary.due')} value={formatDisplayDate(payment.dueDate) || '-'} />
        {paid ? <Detail label={t('collections.summary.paidOn')} value={formatDisplayDate(payment.paidAt)} /> : null}
        {paid ? (
          <Detail
            label={t('collections.summary.transactionId')}
            value={payment.transactionId ?? payment.pgTransactionId ?? '-'}
          />
        ) : null}
        {paid ? (
          <Detail
            label={t('collections.summary.collectedBy')}
            value={payment.collectedBy?.name ?? t('collections.summary.system')}
          />
        ) : null}
        {paid && payment.receiptNumber ? (
          <Detail label={t('collections.summary.receiptNumber')} value={payment.receiptNumber} />
        ) : null}
      </SimpleGrid>
      {payment.concession ? (
        <Text size="sm" c="gray.8" mt={4}>
          {t('yearEnd.concession.granted', {
            amount: formatINR(paiseOf(payment.concession.amount)),
            reason: payment.concession.note ?? t(`yearEnd.concession.reasons.${payment.concession.reason}`),
          })}
        </Text>
      ) : null}
      {extra > 0 ? (
        <Text size="sm" c="green.9" fw={600} mt={4}>
          {t('collections.summary.extra', { amount: formatINR(extra) })}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="xs">
        {onConcession && !paid && !waived ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => onConcession(payment)}
            aria-label={t('yearEnd.concession.openFor', { name: head.name })}
          >
            {t('yearEnd.concession.open')}
          </Button>
        ) : null}
        {paid ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => onReceipt(payment)}
            aria-label={t('collections.summary.receiptFor', { name: head.name })}
          >
            {t('collections.summary.receipt')}
          </Button>
        ) : waived ? null : (
          <Button
            size="xs"
            color="green.8"
            onClick={() => onCollect(payment)}
            aria-label={t('collections.summary.collectFor', { name: head.name })}
          >
            {t('collections.summary.collect')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function SummaryBody({
  memberId,
  mode,
  onClose,
}: {
  memberId: string;
  mode: 'admin' | 'cashier';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sortBy, setSortBy] = useState<HistorySort>('date');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [collecting, setCollecting] = useState<PaymentRecord | null>(null);
  const [conceding, setConceding] = useState<PaymentRecord | null>(null);
  const [outcome, setOutcome] = useState<CollectOutcome | null>(null);
  const today = calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE);
  const query = useMemberPayments(memberId);

  const items = useMemo(
    () => visiblePayments(query.data?.items ?? [], status, sortBy, direction),
    [query.data, status, sortBy, direction],
  );

  function collected(result: CollectOutcome) {
    setCollecting(null);
    setOutcome(result);
    window.setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: ['collections'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    }, REFRESH_AFTER_COLLECTION_MS);
  }

  async function openReceipt(payment: { _id: string; receiptId: string | null }) {
    try {
      const opened = await printPaymentReceipt(payment);
      if (!opened) notifications.show({ color: 'red', message: t('collections.summary.popupBlocked') });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('common.error'),
        message: t('collections.summary.receiptFailed', { reason: errorText(error) }),
      });
    }
  }

  if (query.isPending) {
    return (
      <Group gap="sm" py="md">
        <Loader size="sm" />
        <Text>{t('collections.summary.loading')}</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={t('collections.summary.loadError')}>
        {errorText(query.error)}
      </Alert>
    );
  }
  const data = query.data;
  const totals = [
    { key: 'paid', value: data.totals.paid, color: 'green.9' },
    { key: 'pending', value: data.totals.pending, color: 'orange.9' },
    { key: 'total', value: data.totals.total, color: undefined },
  ] as const;
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {data.member.name} · {data.member.parishNumber}
      </Text>
      <MemberWhatsAppButton memberId={data.member._id} name={data.member.name} size="sm" />
      <SimpleGrid cols={3} spacing="xs">
        {totals.map((total) => (
          <Paper key={total.key} withBorder p="xs">
            <Text size="xs" c="gray.7">
              {t(`collections.summary.${total.key}`)}
            </Text>
            <Text
              fw={700}
              c={total.color}
              size="sm"
              style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
            >
              {formatINR(paiseOf(total.value))}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="payment-status-filter">
            {t('collections.summary.statusFilter')}
          </Text>
          <SegmentedControl
            aria-labelledby="payment-status-filter"
            value={status}
            onChange={(value) => setStatus(value as StatusFilter)}
            data={[
              { value: 'all', label: t('collections.summary.all') },
              { value: 'pending', label: t('collections.summary.pending') },
              { value: 'paid', label: t('collections.summary.paid') },
            ]}
          />
        </Stack>
        <Group gap={4} align="flex-end" wrap="nowrap">
          <Select
            label={t('collections.summary.sortBy')}
            value={sortBy}
            onChange={(value) => setSortBy((value as HistorySort | null) ?? 'date')}
            data={[
              { value: 'date', label: t('collections.summary.sortDate') },
              { value: 'amount', label: t('collections.summary.sortAmount') },
              { value: 'status', label: t('collections.summary.sortStatus') },
            ]}
            allowDeselect={false}
            w={130}
            comboboxProps={{ withinPortal: true }}
          />
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
            aria-label={t('collections.summary.directionToggle', {
              direction: t(direction === 'asc' ? 'collections.summary.ascending' : 'collections.summary.descending'),
            })}
          >
            {direction === 'asc' ? (
              <IconSortAscending size={18} aria-hidden />
            ) : (
              <IconSortDescending size={18} aria-hidden />
            )}
          </ActionIcon>
        </Group>
      </Group>
      {items.length === 0 ? (
        <Text c="gray.7" py="sm">
          {data.items.length === 0 ? t('collections.summary.empty') : t('collections.summary.emptyFiltered')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((payment) => (
            <PaymentItem
              key={payment._id}
              payment={payment}
              today={today}
              onCollect={setCollecting}
              onReceipt={(p) => void openReceipt(p)}
              onConcession={mode === 'admin' ? setConceding : undefined}
            />
          ))}
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        {mode === 'admin' ? (
          <>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void exportHistory(data, t, today, 'csv')}
              disabled={data.items.length === 0}
            >
              {t('collections.summary.exportCsv')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              onClick={() => void exportHistory(data, t, today, 'xlsx')}
              disabled={data.items.length === 0}
              aria-label={t('collections.summary.exportExcelLabel')}
            >
              {t('collections.summary.exportExcel')}
            </Button>
          </>
        ) : null}
        <Button variant="default" onClick={onClose}>
          {t('collections.summary.close')}
        </Button>
      </Group>
      <CollectPaymentModal
        payment={collecting}
        payments={data.items}
        onClose={() => setCollecting(null)}
        onDone={collected}
      />
      <CollectOutcomeDialog
        outcome={outcome}
        onClose={() => setOutcome(null)}
        onPrint={(receiptId) => void openReceipt({ _id: receiptId, receiptId })}
      />
      {conceding ? <ConcessionModal payment={conceding} onClose={() => setConceding(null)} /> : null}
    </Stack>
  );
}

/**
 * The Payment Summary dialog of one member (`docs/domain.md`, §2 "Payment Summary dialog"): paid, pending and total;
 * status filter All/Pending/Paid; sort by date, amount or status with a direction toggle; each
 * payment with name, description, transaction id, collected by, due date, year and amount
 * ('+ extra' when paid above the assigned amount), an Overdue badge when pending past its due
 * date (parish date), Collect on pending ones and a printable Receipt on paid ones; Export CSV
 * (admin) with the history columns of `docs/domain.md`, §2 "Payment Summary dialog"; Close.
 */
export function PaymentSummaryModal({ memberId, mode, onClose }: PaymentSummaryModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  return (
    <Modal
      opened={memberId !== null}
      onClose={onClose}
      title={
        <Title order={2} fz="lg">
          {t('collections.summary.title')}
        </Title>
      }
      size="lg"
      fullScreen={phone}
    >
      {memberId ? <SummaryBody key={memberId} memberId={memberId} mode={mode} onClose={onClose} /> : null}
    </Modal>
  );
}
