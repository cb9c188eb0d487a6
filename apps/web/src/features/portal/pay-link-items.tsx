import { Badge, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatDisplayDate, formatINR } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { paiseOf } from '../../lib/money.ts';
import { TYPE_COLORS } from './pending-item.tsx';
import { acceptAmountInput, typeBadgeKey } from './payment-rules.ts';
import { waitsForArrears, type PayLinkChoice, type PayLinkPayment } from './pay-link-selection.ts';

/**
 * The dues listed on a payment link's page (docs/domain.md, §9 "Payment links without a
 * password"; decision 0140): each head's name, type, due date and amount, a tick to choose it
 * (current dues wait while arrears are pending, §4 "Arrears first"), and for a variable-amount
 * head an amount field with its minimum (§5 "Variable-amount payment"), as on the dashboard.
 */
export function PayLinkItems({
  payments,
  arrearsBlocking,
  choice,
  disabled,
}: {
  payments: readonly PayLinkPayment[];
  arrearsBlocking: boolean;
  choice: PayLinkChoice;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {payments.map((payment) => {
        const blocked = waitsForArrears(payment, arrearsBlocking);
        const selected = choice.selected.has(payment._id);
        const badge = typeBadgeKey(payment.paymentHeadId.type);
        const due = formatINR(paiseOf(payment.amount));
        const entered = choice.entered[payment._id] ?? '';
        return (
          <Card
            key={payment._id}
            withBorder
            padding="sm"
            component="li"
            data-testid="pay-item"
            bg={blocked ? 'gray.1' : selected ? 'blue.0' : undefined}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                  <Checkbox
                    mt={2}
                    checked={selected}
                    disabled={blocked || disabled}
                    aria-label={t('portal.pending.select', { name: payment.headName })}
                    onChange={(event) => {
                      const next = new Set(choice.selected);
                      if (event.currentTarget.checked) next.add(payment._id);
                      else next.delete(payment._id);
                      choice.setSelected(next);
                    }}
                  />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Text fw={500}>{payment.headName}</Text>
                      <Badge size="sm" variant="light" color={TYPE_COLORS[badge]}>
                        {t(`portal.types.${badge}`)}
                      </Badge>
                      {blocked ? (
                        <Badge size="sm" color="gray" variant="filled">
                          {t('portal.pending.blocked')}
                        </Badge>
                      ) : null}
                    </Group>
                    {payment.dueDate ? (
                      <Text size="sm" c="gray.7">
                        {t('whatsapp.pay.due', { date: formatDisplayDate(payment.dueDate) })}
                      </Text>
                    ) : null}
                  </div>
                </Group>
                <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {due}
                </Text>
              </Group>
              {payment.paymentHeadId.variable_amount && !blocked ? (
                <TextInput
                  label={t('portal.pending.amountLabel')}
                  aria-label={t('portal.pending.amountLabelFor', { name: payment.headName })}
                  description={t('portal.pending.min', { amount: due })}
                  placeholder={String(payment.amount)}
                  value={entered}
                  inputMode="decimal"
                  autoComplete="off"
                  disabled={disabled}
                  leftSection={t('portal.pending.currency')}
                  maw={260}
                  onChange={(event) => choice.enter(payment._id, acceptAmountInput(event.currentTarget.value, entered))}
                />
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
