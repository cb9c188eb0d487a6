import { Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { ZERO_PAISE, formatDisplayDate, formatINR, paise, type PaymentRecord } from '@parish/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { paiseOf } from '../../lib/money.ts';
import { isOverdue, typeKey } from './payment-history.ts';
import { DAY_CLOSED_REASON_ID } from './day-closed-notice.tsx';

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

/**
 * One payment in the Payment Summary dialog (`docs/domain.md`, §2 "Payment Summary dialog"): head
 * name, type and status badges (Overdue when pending past its due date, parish date), description,
 * amount, year, due date; when paid the date, transaction id, collector and receipt number; a
 * concession; '+ extra' above the assigned amount; Concession (admin, pending), Receipt with its PDF in A5 or 80 mm
 * (paid; decision 0139) or Collect (pending).
 * @param today the parish date (`YYYY-MM-DD`)
 */
export function PaymentItem({
  payment,
  today,
  onCollect,
  onReceipt,
  onPdf,
  onConcession,
  collectOff = false,
}: {
  payment: PaymentRecord;
  today: string;
  /** Today's day sheet of the caller is closed: Collect is disabled, pointing at the reason (`DayClosedNotice`). */
  collectOff?: boolean;
  onCollect: (payment: PaymentRecord) => void;
  onReceipt: (payment: PaymentRecord) => void;
  /** Downloads the paid payment's receipt as a PDF, A5 or 80 mm (decision 0139). */
  onPdf?: ((receiptId: string, layout: 'a5' | '80mm') => void) | undefined;
  /** Admin only: lower or waive this pending due (docs/domain.md, §4 "Concessions"). */
  onConcession?: ((payment: PaymentRecord) => void) | undefined;
}) {
  const { t } = useTranslation();
  const paid = payment.status === 'paid';
  const waived = payment.status === 'waived';
  const overdue = isOverdue(payment, today);
  const assigned = paiseOf(payment.amount);
  const extra = paid && payment.paidAmount !== null ? paise(paiseOf(payment.paidAmount) - assigned) : ZERO_PAISE;
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
          <PaidReceiptButtons payment={payment} name={head.name} onReceipt={onReceipt} onPdf={onPdf} />
        ) : waived ? null : (
          <Button
            size="xs"
            color="green.8"
            onClick={() => onCollect(payment)}
            disabled={collectOff}
            aria-describedby={collectOff ? DAY_CLOSED_REASON_ID : undefined}
            aria-label={t('collections.summary.collectFor', { name: head.name })}
          >
            {t('collections.summary.collect')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** A paid payment's Receipt (print) and, when it has a receipt, its PDF in A5 and 80 mm (decision 0139). */
function PaidReceiptButtons({
  payment,
  name,
  onReceipt,
  onPdf,
}: {
  payment: PaymentRecord;
  name: string;
  onReceipt: (payment: PaymentRecord) => void;
  onPdf?: ((receiptId: string, layout: 'a5' | '80mm') => void) | undefined;
}) {
  const { t } = useTranslation();
  const receiptId = payment.receiptId;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => onReceipt(payment)}
        aria-label={t('collections.summary.receiptFor', { name })}
      >
        {t('collections.summary.receipt')}
      </Button>
      {receiptId && onPdf ? (
        <>
          <Button
            size="xs"
            variant="default"
            onClick={() => onPdf(receiptId, 'a5')}
            aria-label={t('collections.summary.pdfA5For', { name })}
          >
            {t('collections.summary.pdfA5')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => onPdf(receiptId, '80mm')}
            aria-label={t('collections.summary.pdf80For', { name })}
          >
            {t('collections.summary.pdf80')}
          </Button>
        </>
      ) : null}
    </>
  );
}
