import type { Rupees } from '@parish/shared';
import { Checkbox, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { formatRupees } from '../../lib/money.ts';
import type { MemberRef } from './api.ts';
import type { Selection } from './tag-selection.ts';

/**
 * One member in the Tag Members dialog (`docs/domain.md`, §5 "Tagging"): a member who paid shows a
 * ticked, disabled box and the amount paid; another a box to tick and, when ticked, the custom
 * amount (blank = the head's amount, shown as the placeholder).
 * @param paid the rupees the member paid for this head, when they did
 * @param entry the member's selection, when ticked
 * @param headAmount the head's amount in rupees
 */
export function TagMemberRow({
  member,
  paid,
  entry,
  headAmount,
  onToggle,
  onAmount,
}: {
  member: MemberRef;
  paid: Rupees | undefined;
  entry: Selection | undefined;
  headAmount: number;
  onToggle: (member: MemberRef, on: boolean) => void;
  onAmount: (member: MemberRef, amount: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>
        {paid !== undefined ? (
          <Checkbox checked disabled readOnly aria-label={t('paymentHeads.tag.paidCheckbox', { name: member.name })} />
        ) : (
          <Checkbox
            checked={entry !== undefined}
            onChange={(event) => onToggle(member, event.currentTarget.checked)}
            aria-label={t('paymentHeads.tag.selectMember', { name: member.name })}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {member.name}
        </Text>
        <Text size="xs" c="gray.7">
          {member.parishNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        {paid !== undefined ? (
          <Text size="sm" c="green.9" fw={600}>
            {t('paymentHeads.tag.paidLabel', { amount: formatRupees(paid) })}
          </Text>
        ) : entry ? (
          <TextInput
            size="xs"
            inputMode="decimal"
            aria-label={t('paymentHeads.tag.customAmountFor', { name: member.name })}
            placeholder={String(headAmount)}
            value={entry.amount}
            onChange={(event) => onAmount(member, event.currentTarget.value)}
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
