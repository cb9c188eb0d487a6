import { Badge, Checkbox, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { acceptAmountInput, typeBadgeKey } from './payment-rules.ts';

/** Badge colour of each head type. */
export const TYPE_COLORS = { arrears: 'red', miscellaneous: 'blue', currentDue: 'orange', due: 'orange' } as const;

/**
 * The tick that chooses one due (`docs/domain.md`, §2 "Pending tab"), labelled by its head's name;
 * shared by the dashboard's Pending tab and a payment link's page (decision 0140).
 */
export function DueCheckbox({
  name,
  checked,
  disabled,
  onChange,
}: {
  name: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      mt={2}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
      aria-label={t('portal.pending.select', { name })}
    />
  );
}

/**
 * A due's title line (`docs/domain.md`, §2 "Pending tab"): the head's name, its type badge and,
 * while arrears come first (§4 "Arrears first"), 'Blocked'.
 * @param headType the head's stored type ('arrear', 'current due', 'miscellaneous')
 * @param weight the name's font weight (the dashboard's card is bolder than the link's list)
 */
export function DueTitle({
  name,
  headType,
  blocked,
  weight,
}: {
  name: string;
  headType: string;
  blocked: boolean;
  weight: 500 | 600;
}) {
  const { t } = useTranslation();
  const badge = typeBadgeKey(headType);
  return (
    <Group gap={6} wrap="wrap">
      <Text fw={weight}>{name}</Text>
      <Badge size="sm" variant="light" color={TYPE_COLORS[badge]}>
        {t(`portal.types.${badge}`)}
      </Badge>
      {blocked ? (
        <Badge size="sm" color="gray" variant="filled">
          {t('portal.pending.blocked')}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * The amount field of a variable-amount head (`docs/domain.md`, §5 "Variable-amount payment"):
 * digits and one decimal point, the due amount (rupees) as placeholder, '(min: ₹amount)'.
 * @param due the due amount as shown (₹ with Indian grouping)
 * @param amount the due amount in rupees, the placeholder
 * @param entered what the member typed ('' = the due amount)
 */
export function DueAmountField({
  name,
  due,
  amount,
  entered,
  disabled,
  onEnter,
}: {
  name: string;
  due: string;
  amount: number;
  entered: string;
  disabled: boolean;
  onEnter: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('portal.pending.amountLabel')}
      aria-label={t('portal.pending.amountLabelFor', { name })}
      description={t('portal.pending.min', { amount: due })}
      placeholder={String(amount)}
      value={entered}
      inputMode="decimal"
      autoComplete="off"
      disabled={disabled}
      leftSection={t('portal.pending.currency')}
      maw={260}
      onChange={(event) => onEnter(acceptAmountInput(event.currentTarget.value, entered))}
    />
  );
}
