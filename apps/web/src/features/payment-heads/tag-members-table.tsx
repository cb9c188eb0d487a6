import { Checkbox, Table } from '@mantine/core';
import type { Rupees } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import type { MemberRef } from './api.ts';
import { TagMemberRow } from './tag-member-row.tsx';
import { tickMembers, type Selection, type Selections } from './tag-selection.ts';

/**
 * One page of members in the Tag Members dialog (`docs/domain.md`, §5 "Tagging"): a box that ticks
 * or unticks every member of the page who has not paid, then a {@link TagMemberRow} per member.
 * @param paid the rupees paid for this head, by member id
 * @param onSelected applies a change to the selection
 */
export function TagMembersTable({
  rows,
  paid,
  selected,
  headAmount,
  onSelected,
}: {
  rows: MemberRef[];
  paid: ReadonlyMap<string, Rupees>;
  selected: Selections;
  headAmount: number;
  onSelected: (change: (current: Selections) => Map<string, Selection>) => void;
}) {
  const { t } = useTranslation();
  const selectable = rows.filter((member) => !paid.has(member._id));
  const pageChecked = selectable.length > 0 && selectable.every((member) => selected.has(member._id));
  const pageSome = selectable.some((member) => selected.has(member._id));
  return (
    <Table.ScrollContainer minWidth={320} maxHeight="55vh">
      <Table striped stickyHeader verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('paymentHeads.tag.selectPage')}
                checked={pageChecked}
                indeterminate={!pageChecked && pageSome}
                disabled={selectable.length === 0}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  onSelected((current) => tickMembers(current, selectable, on));
                }}
              />
            </Table.Th>
            <Table.Th>{t('paymentHeads.tag.member')}</Table.Th>
            <Table.Th w={120}>{t('paymentHeads.tag.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((member) => (
            <TagMemberRow
              key={member._id}
              member={member}
              paid={paid.get(member._id)}
              entry={selected.get(member._id)}
              headAmount={headAmount}
              onToggle={(one, on) => onSelected((current) => tickMembers(current, [one], on))}
              onAmount={(one, amount) =>
                onSelected((current) => new Map(current).set(one._id, { member: one, amount }))
              }
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
