import { Card, Group, Stack, Text } from '@mantine/core';
import { formatDisplayDate, formatINR } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { paiseOf } from '../../lib/money.ts';
import { DueAmountField, DueCheckbox, DueTitle } from './due-item-parts.tsx';
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
                  <DueCheckbox
                    name={payment.headName}
                    checked={selected}
                    disabled={blocked || disabled}
                    onChange={(checked) => {
                      const next = new Set(choice.selected);
                      if (checked) next.add(payment._id);
                      else next.delete(payment._id);
                      choice.setSelected(next);
                    }}
                  />
                  <div style={{ minWidth: 0 }}>
                    <DueTitle name={payment.headName} headType={payment.paymentHeadId.type} blocked={blocked} weight={500} />
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
                <DueAmountField
                  name={payment.headName}
                  due={due}
                  amount={payment.amount}
                  entered={entered}
                  disabled={disabled}
                  onEnter={(text) => choice.enter(payment._id, text)}
                />
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
