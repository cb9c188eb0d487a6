import { Alert, Badge, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { ZERO_PAISE, formatINR, paymentKindOf, type WorldlineConfig } from '@parish/shared';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { usePaidTwiceOf } from './api.ts';
import { PaidTwiceNote } from './attempt-state.tsx';
import type { FailureState, PaymentRequest } from './use-payment-flow.ts';

/** Props of the confirm dialog. */
export interface ConfirmDialogProps {
  request: PaymentRequest | null;
  config: WorldlineConfig | undefined;
  processing: boolean;
  onCancel: () => void;
  onPay: () => void;
}

/**
 * The confirm dialog (`docs/domain.md`, §2 "Dialogs"): 'Confirm Payment', 'Confirm Selected
 * Payments' or 'Clear All Arrears'; 'You are about to pay:' with the amount and what it is for;
 * the notes for arrears and miscellaneous payments; the gateway selector (one card gateway,
 * Worldline); Cancel and 'Pay with Worldline', disabled while processing or when the gateway is
 * unavailable. Sandbox mode is shown discreetly.
 */
export function ConfirmDialog({ request, config, processing, onCancel, onPay }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const mode = request?.mode ?? 'single';
  const title =
    mode === 'arrears'
      ? t('portal.confirm.arrears')
      : mode === 'selected'
        ? t('portal.confirm.selected')
        : t('portal.confirm.single');
  const payments = request?.payments ?? [];
  const only = payments.length === 1 ? payments[0] : undefined;
  const description =
    mode === 'arrears'
      ? t('portal.confirm.allArrears')
      : only
        ? t('portal.confirm.paymentFor', { name: only.paymentHeadId.name })
        : t('portal.confirm.selectedCount', { count: payments.length });
  const kinds = new Set(payments.map((payment) => paymentKindOf(payment.paymentHeadId.type)));
  const note =
    mode === 'arrears'
      ? t('portal.confirm.allArrearsNote')
      : kinds.size === 1 && kinds.has('arrear')
        ? t('portal.confirm.arrearsNote')
        : kinds.size === 1 && kinds.has('misc')
          ? t('portal.confirm.miscNote')
          : null;
  const available = config?.available === true;
  return (
    <Modal
      opened={request !== null}
      onClose={onCancel}
      title={title}
      centered
      closeOnClickOutside={!processing}
      closeOnEscape={!processing}
      withCloseButton={!processing}
    >
      <Stack gap="sm">
        <Text size="sm">{t('portal.confirm.aboutToPay')}</Text>
        <Text fw={700} fz={28} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="confirm-amount">
          {formatINR(request?.totalPaise ?? ZERO_PAISE)}
        </Text>
        <Text size="sm">{description}</Text>
        {note ? (
          <Alert color={mode === 'single' && kinds.has('misc') ? 'blue' : 'orange'} p="xs">
            <Text size="sm" c="dark.7">
              {note}
            </Text>
          </Alert>
        ) : null}
        <Radio.Group label={t('portal.confirm.gateway')} value="worldline">
          <Radio mt={6} value="worldline" label={t('portal.confirm.worldline')} disabled={!available} />
        </Radio.Group>
        {config && !available ? (
          <Text size="sm" c="red.8" role="alert">
            {t('portal.confirm.unavailable')}
          </Text>
        ) : null}
        {config?.mode === 'sandbox' || config?.mode === 'test' ? (
          <Badge variant="outline" color="gray" size="sm" c="dark.4">
            {t(config.mode === 'sandbox' ? 'portal.confirm.sandbox' : 'portal.confirm.testMode')}
          </Badge>
        ) : null}
        {processing ? (
          <Text size="sm" c="gray.7" role="status">
            {t('portal.confirm.processing')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={processing}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onPay} loading={processing} disabled={processing || !available}>
            {t('portal.confirm.payWith', { gateway: t('portal.confirm.gatewayName') })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The 'Payment Failed' dialog: the message, Close and Try Again (reopens the confirm dialog). */
export function FailureDialog({
  failure,
  onClose,
  onTryAgain,
}: {
  failure: FailureState | null;
  onClose: () => void;
  onTryAgain: () => void;
}) {
  const { t } = useTranslation();
  const canRetry = Boolean(failure?.retry ?? failure?.retryIds);
  return (
    <Modal opened={failure !== null} onClose={onClose} title={t('portal.failed.title')} centered>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCircleX size={28} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0 }} />
          <Text role="alert" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {failure?.message}
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('portal.failed.close')}
          </Button>
          {canRetry ? <Button onClick={onTryAgain}>{t('portal.failed.tryAgain')}</Button> : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The 'Payment Successful!' dialog: the message, 'View Paid Payments' and 'Continue'; when the
 * transaction `txnId` brought money for dues already paid, the 'Paid twice' note naming them, the
 * amount and that the parish will refund it (decision 0142). Long ids in the message wrap.
 */
export function SuccessDialog({
  message,
  txnId = null,
  onViewPaid,
  onContinue,
}: {
  message: string | null;
  txnId?: string | null;
  onViewPaid: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const paidTwice = usePaidTwiceOf(txnId);
  return (
    <Modal opened={message !== null} onClose={onContinue} title={t('portal.success.title')} centered>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCircleCheck size={28} color="var(--mantine-color-green-7)" aria-hidden style={{ flexShrink: 0 }} />
          <Text role="status" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        </Group>
        {paidTwice ? <PaidTwiceNote paidTwice={paidTwice} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onViewPaid}>
            {t('portal.success.viewPaid')}
          </Button>
          <Button onClick={onContinue}>{t('portal.success.continue')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
