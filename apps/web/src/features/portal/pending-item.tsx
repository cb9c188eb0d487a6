import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatINR, type PaymentRecord } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { paiseOf } from '../../lib/money.ts';
import { DueAmountField, DueCheckbox, DueTitle } from './due-item-parts.tsx';

/** Props of one pending payment on the Pending tab. */
export interface PendingItemProps {
  payment: PaymentRecord;
  selected: boolean;
  /**
   * Current dues while arrears are unpaid: greyed (a grey card, never faded text, which would fall
   * below AA contrast), checkbox disabled, 'Blocked', 'Clear Arrears First'.
   */
  blocked: boolean;
  /** Everything is disabled while a payment is processing. */
  disabled: boolean;
  /** What the member typed for a variable-amount head ('' = the due amount). */
  entered: string;
  onToggle: (paymentId: string, selected: boolean) => void;
  onEnter: (paymentId: string, text: string) => void;
  onPayNow: (payment: PaymentRecord) => void;
  onClearArrears: () => void;
}

/**
 * One pending payment (`docs/domain.md`, §2 "Pending tab"): name, type badge, year,
 * description, amount, the Pending badge and Pay Now; a variable-amount head adds an amount field
 * (digits and one decimal point, the due amount as placeholder, '(min: ₹amount)').
 */
export function PendingItem({
  payment,
  selected,
  blocked,
  disabled,
  entered,
  onToggle,
  onEnter,
  onPayNow,
  onClearArrears,
}: PendingItemProps) {
  const { t } = useTranslation();
  const head = payment.paymentHeadId;
  const due = formatINR(paiseOf(payment.amount));
  return (
    <Paper withBorder p="sm" bg={blocked ? 'gray.1' : selected ? 'blue.0' : undefined} data-testid="pending-item">
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <DueCheckbox
            name={head.name}
            checked={selected}
            disabled={blocked || disabled}
            onChange={(checked) => onToggle(payment._id, checked)}
          />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <DueTitle name={head.name} headType={head.type} blocked={blocked} weight={600} />
            <Text size="sm" c="gray.7">
              {t('portal.pending.year', { year: payment.year })}
              {head.description ? ` · ${head.description}` : ''}
            </Text>
          </Stack>
        </Group>
        {head.variable_amount && !blocked ? (
          <DueAmountField
            name={head.name}
            due={due}
            amount={payment.amount}
            entered={entered}
            disabled={disabled}
            onEnter={(text) => onEnter(payment._id, text)}
          />
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {due}
            </Text>
            <Badge size="sm" color="yellow" variant="light" c="dark.7">
              {t('portal.pending.pendingBadge')}
            </Badge>
          </Group>
          {blocked ? (
            <Button size="xs" variant="default" disabled={disabled} onClick={onClearArrears}>
              {t('portal.pending.clearArrearsFirst')}
            </Button>
          ) : (
            <Button
              size="xs"
              disabled={disabled}
              onClick={() => onPayNow(payment)}
              aria-label={t('portal.pending.payNowFor', { name: head.name })}
            >
              {t('portal.pending.payNow')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
