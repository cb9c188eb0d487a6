import { Checkbox, Table } from '@mantine/core';
import { formatRupees, type RolloverSummary } from '@parish/shared';
import { useTranslation } from 'react-i18next';

/**
 * The roll-over preview's heads (`docs/domain.md`, §4 "Year-end roll-over"): each current-due head
 * of the year with a box to choose it, its members unpaid, unpaid amount and members paid.
 * @param excluded the ids of the heads not chosen
 * @param onToggle chooses (`on`) or leaves out a head
 */
export function RolloverHeadsTable({
  heads,
  excluded,
  onToggle,
}: {
  heads: RolloverSummary['heads'];
  excluded: ReadonlySet<string>;
  onToggle: (paymentHeadId: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('yearEnd.rollover.head')}</Table.Th>
            <Table.Th ta="right">{t('yearEnd.rollover.members')}</Table.Th>
            <Table.Th ta="right">{t('yearEnd.rollover.unpaid')}</Table.Th>
            <Table.Th ta="right">{t('yearEnd.rollover.paidMembers')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {heads.map((head) => (
            <Table.Tr key={head.paymentHeadId}>
              <Table.Td>
                <Checkbox
                  label={head.name}
                  aria-label={t('yearEnd.rollover.choose', { name: head.name })}
                  checked={!excluded.has(head.paymentHeadId)}
                  onChange={(event) => onToggle(head.paymentHeadId, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td ta="right">{head.members}</Table.Td>
              <Table.Td ta="right">{formatRupees(head.unpaidAmount)}</Table.Td>
              <Table.Td ta="right">{head.paidMembers}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
