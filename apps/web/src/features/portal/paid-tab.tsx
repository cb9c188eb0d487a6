import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDisplayDate, formatINR, paise, type PaymentRecord } from '@parish/shared';
import { IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { printPaymentReceipt } from '../../lib/print-receipt.ts';
import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { TYPE_COLORS } from './due-item-parts.tsx';
import { typeBadgeKey } from './payment-rules.ts';
import { useCustomerPayments } from './api.ts';
import { valueText } from './value-text.ts';

/**
 * The Paid tab (`docs/domain.md`, §2 "Paid tab"): 'Paid Payments', each paid payment with its type badge
 * (ARREARS, MISCELLANEOUS, DUE, else CURRENT DUE), year, description, payment date (dd/mm/yyyy),
 * method, transaction id, collected by (name or 'System'), collection mode, the paid amount (and
 * '+ extra' above the assigned amount, `docs/domain.md`, §2 "Paid tab"), the Paid badge, 'Download Receipt' and 'Download PDF' (decision 0139).
 */
export function PaidTab() {
  const { t } = useTranslation();
  const query = useCustomerPayments('paid');
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('portal.paid.title')}
      </Title>
      {query.isLoading ? (
        <Group gap="sm" py="xl" justify="center" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('portal.paid.loading')}</Text>
        </Group>
      ) : query.isError || !query.data ? (
        <Alert color="red" role="alert">
          <Text fw={600}>{t('portal.paid.loadError')}</Text>
          <Anchor component="button" type="button" onClick={() => void query.refetch()}>
            {t('portal.pending.tryAgain')}
          </Anchor>
        </Alert>
      ) : query.data.items.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack align="center" gap={4}>
            <Text fw={600}>{t('portal.paid.emptyTitle')}</Text>
            <Text c="gray.7">{t('portal.paid.emptyText')}</Text>
          </Stack>
        </Paper>
      ) : (
        query.data.items.map((payment) => <PaidItem key={payment._id} payment={payment} />)
      )}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || '-'}
      </Text>
    </div>
  );
}

function PaidItem({ payment }: { payment: PaymentRecord }) {
  const { t } = useTranslation();
  const head = payment.paymentHeadId;
  const badge = typeBadgeKey(head.type, true);
  const assigned = paiseOf(payment.amount);
  const paid = payment.paidAmount === null ? assigned : paiseOf(payment.paidAmount);
  const download = async () => {
    try {
      const opened = await printPaymentReceipt(payment);
      if (!opened) notifications.show({ color: 'yellow', message: t('portal.paid.popupBlocked') });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    }
  };
  const receiptId = payment.receiptId;
  const downloadPdf = async (id: string) => {
    try {
      // Loaded on the click: no first-load cost (decision 0042).
      const { downloadReceiptPdf } = await import('../../lib/receipt-pdf.ts');
      await downloadReceiptPdf(id);
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    }
  };
  return (
    <Paper withBorder p="sm" data-testid="paid-item">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600}>{head.name}</Text>
              <Badge size="sm" variant="light" color={TYPE_COLORS[badge]}>
                {t(`portal.types.${badge}`)}
              </Badge>
            </Group>
            <Text size="sm" c="gray.7">
              {t('portal.pending.year', { year: payment.year })}
              {head.description ? ` · ${head.description}` : ''}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatINR(paid)}
            </Text>
            {paid > assigned ? (
              <Text size="xs" c="green.9">
                {t('portal.paid.extra', { amount: formatINR(paise(paid - assigned)) })}
              </Text>
            ) : null}
            <Badge size="sm" color="green" variant="light" c="green.9">
              {t('portal.paid.paidBadge')}
            </Badge>
            {payment.chequeStatus === 'received' || payment.chequeStatus === 'deposited' ? (
              <Text size="xs" c="orange.9">
                {t('portal.paid.chequeAwaiting')}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing={4}>
          <Field label={t('portal.paid.paymentDate')} value={formatDisplayDate(payment.paidAt)} />
          <Field label={t('portal.paid.method')} value={valueText(t, 'methods', payment.paymentMethod)} />
          <Field label={t('portal.paid.transactionId')} value={payment.transactionId ?? ''} />
          <Field label={t('portal.paid.collectedBy')} value={payment.collectedBy?.name ?? t('portal.paid.system')} />
          <Field label={t('portal.paid.collectionMode')} value={valueText(t, 'modes', payment.collectionMode)} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconReceipt size={16} aria-hidden />}
            onClick={() => void download()}
            aria-label={t('portal.paid.downloadReceiptFor', { name: head.name })}
          >
            {t('portal.paid.downloadReceipt')}
          </Button>
          {receiptId ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              onClick={() => void downloadPdf(receiptId)}
              aria-label={t('portal.paid.downloadPdfFor', { name: head.name })}
            >
              {t('portal.paid.downloadPdf')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
