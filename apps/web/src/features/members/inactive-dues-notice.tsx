import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatINR, officeContracts, paymentContracts } from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { apiRequest } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';
import { amountPaise } from '../../lib/money.ts';

/** Query key of the pending dues of inactive members. */
const INACTIVE_DUES_KEY = ['receipts', 'inactive-member-dues'] as const;

/**
 * "Pending dues of inactive members" on the Members page (`docs/domain.md`, "Reversal with a
 * reason"; decision 0101): a reversal of an inactive member's receipt returns its dues to pending,
 * where they count in Total Pending and Member-wise Due while the member is hidden from the lists.
 * The notice lists them (`GET /api/office/inactive-member-dues`) with Remove on each, which revokes
 * that head from that member (`POST /api/payments/revoke`). Nothing shows while there are none.
 */
export function InactiveDuesNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dues = useQuery({
    queryKey: INACTIVE_DUES_KEY,
    queryFn: () => apiRequest(officeContracts.inactiveMemberDues, {}),
  });
  const remove = useMutation({
    mutationFn: (input: { paymentHeadId: string; memberId: string }) =>
      apiRequest(paymentContracts.revoke, {
        body: { paymentHeadId: input.paymentHeadId, memberIds: [input.memberId] },
      }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: t('common.success'), message: t('members.inactiveDues.removed') });
      for (const key of [INACTIVE_DUES_KEY, ['reports'], ['dashboard'], ['payments']]) {
        void queryClient.invalidateQueries({ queryKey: [...key] });
      }
    },
  });
  const items = dues.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Alert color="yellow" title={t('members.inactiveDues.title')}>
      <Stack gap="xs">
        <Text size="sm">
          {t('members.inactiveDues.text', {
            count: items.length,
            total: formatINR(amountPaise(dues.data?.total)),
          })}
        </Text>
        {remove.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorText(remove.error, t('members.inactiveDues.removeFailed'))}
          </Text>
        ) : null}
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t('members.inactiveDues.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.inactiveDues.member')}</Table.Th>
                <Table.Th>{t('members.inactiveDues.head')}</Table.Th>
                <Table.Th ta="right">{t('members.inactiveDues.amount')}</Table.Th>
                <Table.Th>{t('members.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => {
                const head = `${item.headName} ${item.headYear}`;
                return (
                  <Table.Tr key={item.paymentId}>
                    <Table.Td>{`${item.memberName} (${item.parishNumber})`}</Table.Td>
                    <Table.Td>{head}</Table.Td>
                    <Table.Td ta="right">{formatINR(amountPaise(item.amount))}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        loading={remove.isPending && remove.variables.paymentHeadId === item.paymentHeadId}
                        aria-label={t('members.inactiveDues.removeFor', { head, name: item.memberName })}
                        onClick={() => remove.mutate({ paymentHeadId: item.paymentHeadId, memberId: item.memberId })}
                      >
                        {t('members.inactiveDues.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Alert>
  );
}
