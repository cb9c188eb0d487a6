import { Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { formatINR, type PaymentRecord } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { paiseOf } from '../../lib/money.ts';
import { acceptAmountInput, typeBadgeKey } from './payment-rules.ts';

/** Badge colour of each head type. */
export const TYPE_COLORS = { arrears: 'red', miscellaneous: 'blue', currentDue: 'orange', due: 'orange' } as const;

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
  const badge = typeBadgeKey(head.type);
  const due = formatINR(paiseOf(payment.amount));
  return (
    <Paper withBorder p="sm" bg={blocked ? 'gray.1' : selected ? 'blue.0' : undefined} data-testid="pending-item">
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Checkbox
            mt={2}
            checked={selected}
            disabled={blocked || disabled}
            onChange={(event) => onToggle(payment._id, event.currentTarget.checked)}
            aria-label={t('portal.pending.select', { name: head.name })}
          />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600}>{head.name}</Text>
              <Badge size="sm" variant="light" color={TYPE_COLORS[badge]}>
                {t(`portal.types.${badge}`)}
              </Badge>
              {blocked ? (
                <Badge size="sm" color="gray" variant="filled">
                  {t('portal.pending.blocked')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="gray.7">
              {t('portal.pending.year', { year: payment.year })}
              {head.description ? ` · ${head.description}` : ''}
            </Text>
          </Stack>
        </Group>
        {head.variable_amount && !blocked ? (
          <TextInput
            label={t('portal.pending.amountLabel')}
            aria-label={t('portal.pending.amountLabelFor', { name: head.name })}
            description={t('portal.pending.min', { amount: due })}
            placeholder={String(payment.amount)}
            value={entered}
            inputMode="decimal"
            autoComplete="off"
            disabled={disabled}
            leftSection={t('portal.pending.currency')}
            maw={260}
            onChange={(event) => onEnter(payment._id, acceptAmountInput(event.currentTarget.value, entered))}
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
