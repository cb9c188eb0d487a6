import { Checkbox, Group, NumberInput, Paper, Text } from '@mantine/core';
import { formatINR } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { belowDue, isArrear, type DueLine } from './collect-rules.ts';

/**
 * One due in the Collect Payment dialog (`docs/domain.md`, "Collecting several dues"): a checkbox
 * named by the head (with its year, and "Arrear" for an arrear), then the amount: typed on a
 * variable-amount head (off while unticked; "The minimum for this due is ₹…" while below), else
 * the due amount as text.
 */
export function DueLineRow({
  line,
  checked,
  amount,
  onCheck,
  onAmount,
}: {
  line: DueLine;
  checked: boolean;
  /** The amount typed for the line (a number, or text while typed). */
  amount: string | number | undefined;
  onCheck: (checked: boolean) => void;
  onAmount: (value: string | number) => void;
}) {
  const { t } = useTranslation();
  const isShort = checked && belowDue(line, amount);
  const name = line.headName.includes(String(line.year)) ? line.headName : `${line.headName} ${line.year}`;
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Checkbox
          label={`${name}${isArrear(line) ? ` · ${t('collections.collect.arrear')}` : ''}`}
          checked={checked}
          onChange={(event) => onCheck(event.currentTarget.checked)}
        />
        {line.variable ? (
          <NumberInput
            aria-label={t('collections.collect.amountFor', { name: line.headName })}
            label={t('collections.collect.amount')}
            value={amount}
            onChange={onAmount}
            disabled={!checked}
            decimalScale={2}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            allowNegative={false}
            hideControls
            inputMode="decimal"
            w={160}
            error={isShort ? t('collections.collect.minimum', { amount: formatINR(line.duePaise) }) : undefined}
          />
        ) : (
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatINR(line.duePaise)}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
