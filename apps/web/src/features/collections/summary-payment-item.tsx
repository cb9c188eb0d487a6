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
 * concession; '+ extra' above the assigned amount; Concession (admin, pending), Receipt (paid) or
 * Collect (pending).
 * @param today the parish date (`YYYY-MM-DD`)
 */
export function PaymentItem({
  payment,
  today,
  onCollect,
  onReceipt,
  onConcession,
  collectOff = false,
}: {
  payment: PaymentRecord;
  today: string;
  /** Today's day sheet of the caller is closed: Collect is disabled, pointing at the reason (`DayClosedNotice`). */
  collectOff?: boolean;
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
