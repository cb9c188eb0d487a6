import { Alert, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DEFAULT_PARISH_TIMEZONE, calendarDateIn, type PaymentRecord } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { MemberHistoryProps } from '../../components/member-history.tsx';
import { errorText } from '../../lib/error-text.ts';
import { printPaymentReceipt } from '../../lib/print-receipt.ts';
import { useMemberPayments } from './api.ts';
import { CollectOutcomeDialog, CollectPaymentModal, type CollectOutcome } from './collect-payment-modal.tsx';
import { ConcessionModal } from './concession-modal.tsx';
import { visiblePayments } from './payment-history.ts';
import { MemberWhatsAppButton } from '../../components/whatsapp/whatsapp-button.tsx';
import { SummaryActions } from './summary-actions.tsx';
import { PaymentItem } from './summary-payment-item.tsx';
import { SummaryTotals } from './summary-totals.tsx';
import { SummaryViewControls, type SummaryView } from './summary-view-controls.tsx';
import { DayClosedNotice, useTodayClosed } from './day-closed-notice.tsx';

/** Props of the Payment Summary dialog of one member (docs/domain.md, "§2 Screens"). */
export type PaymentSummaryModalProps = MemberHistoryProps;

/** The list refreshes 300 ms after a staff collection (`docs/domain.md`, §2 "Page sizes and timings"). */
export const REFRESH_AFTER_COLLECTION_MS = 300;

/** The Payment Summary dialog's content for one member (see {@link PaymentSummaryModal}). */
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
  const [view, setView] = useState<SummaryView>({ status: 'all', sortBy: 'date', direction: 'desc' });
  const [collecting, setCollecting] = useState<PaymentRecord | null>(null);
  const [conceding, setConceding] = useState<PaymentRecord | null>(null);
  const [outcome, setOutcome] = useState<CollectOutcome | null>(null);
  const today = calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE);
  const query = useMemberPayments(memberId);
  const dayClosed = useTodayClosed();

  const items = useMemo(
    () => visiblePayments(query.data?.items ?? [], view.status, view.sortBy, view.direction),
    [query.data, view],
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
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {data.member.name} · {data.member.parishNumber}
      </Text>
      <MemberWhatsAppButton memberId={data.member._id} name={data.member.name} size="sm" />
      <DayClosedNotice />
      <SummaryTotals totals={data.totals} />
      <SummaryViewControls view={view} onChange={setView} />
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
              collectOff={dayClosed}
              onReceipt={(p) => void openReceipt(p)}
              onPdf={(receiptId, layout) => void downloadPdf(receiptId, layout, t)}
              onConcession={mode === 'admin' ? setConceding : undefined}
            />
          ))}
        </Stack>
      )}
      <SummaryActions data={data} today={today} onClose={onClose} />
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
 * (admin and cashier) with the history columns of `docs/domain.md`, §2 "Payment Summary dialog"; Close.
 */
export function PaymentSummaryModal({ memberId, mode, onClose }: PaymentSummaryModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  return (
    <Modal
      opened={memberId !== null}
      onClose={onClose}
      // Mantine's modal title is itself the dialog's h2: a Title inside it nested one h2 in another.
      title={t('collections.summary.title')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 700 } }}
      size="lg"
      fullScreen={phone}
    >
      {memberId ? <SummaryBody key={memberId} memberId={memberId} mode={mode} onClose={onClose} /> : null}
    </Modal>
  );
}

/** Downloads a receipt's PDF (loaded on the click; decision 0139); a failure shows as a red notice. */
async function downloadPdf(receiptId: string, layout: 'a5' | '80mm', t: TFunction): Promise<void> {
  try {
    const { downloadReceiptPdf } = await import('../../lib/receipt-pdf.ts');
    await downloadReceiptPdf(receiptId, layout);
  } catch (error) {
    notifications.show({
      color: 'red',
      title: t('common.error'),
      message: t('collections.summary.receiptFailed', { reason: errorText(error) }),
    });
  }
}
