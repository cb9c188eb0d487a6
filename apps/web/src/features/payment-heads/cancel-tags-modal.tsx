import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { TablePager } from '../../components/table-pager.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import {
  listAllHeadPayments,
  MAX_LIMIT,
  PAYMENTS_KEY,
  revokeMembers,
  type HeadPayment,
  type PaymentHead,
} from './api.ts';
import { writeErrorText } from './errors.ts';
import { usePhone } from './use-phone.ts';

/**
 * Cancel tags dialog (`docs/domain.md`, §2 "Manage Account Heads page" and §4 "Cancel tags"): the
 * head's members with a pending payment, all ticked at first; the button is disabled with nothing
 * ticked and revokes the ticked members' pending payments in one call. Rows are shown 100 at a
 * time.
 */
export function CancelTagsModal({ head, onClose }: { head: PaymentHead; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const pending = useQuery({
    queryKey: [...PAYMENTS_KEY, 'head-pending', head._id],
    queryFn: () => listAllHeadPayments({ paymentHeadId: head._id, status: 'pending' }),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('paymentHeads.cancelTags.title', { name: head.name })}
      size="lg"
      fullScreen={phone}
    >
      {pending.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{t('paymentHeads.cancelTags.loading')}</Text>
        </Group>
      ) : pending.isError ? (
        <Alert color="red" role="alert">
          {errorText(pending.error)}
        </Alert>
      ) : (
        <CancelForm head={head} payments={pending.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function CancelForm({ head, payments, onClose }: { head: PaymentHead; payments: HeadPayment[]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState(() => new Set(payments.map((payment) => payment.memberId._id)));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);

  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return payments
      .filter(({ memberId: member }) =>
        [member.name, member.parishNumber, member.mobile].some((field) => field.toLowerCase().includes(needle)),
      )
      .sort((a, b) => a.memberId.name.localeCompare(b.memberId.name));
  }, [payments, search]);
  const rows = filtered.slice((page - 1) * MAX_LIMIT, page * MAX_LIMIT);
  const allChecked = payments.length > 0 && selected.size === payments.length;

  const revoke = useMutation({
    mutationFn: () => revokeMembers(head._id, [...selected]),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      notifications.show({ color: 'green', message: t('paymentHeads.cancelTags.done', { count: selected.size }) });
      onClose();
    },
    onError: (caught) => setError(writeErrorText(caught, t('paymentHeads.cancelTags.error'))),
  });

  function toggle(memberId: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(memberId);
      else next.delete(memberId);
      return next;
    });
  }

  if (payments.length === 0) {
    return (
      <Stack>
        <Text>{t('paymentHeads.cancelTags.empty')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('paymentHeads.cancelTags.keep')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <Text size="sm">{t('paymentHeads.cancelTags.intro')}</Text>
      <FormError message={error} title={t('paymentHeads.cancelTags.errorTitle')} />
      <TextInput
        label={t('paymentHeads.cancelTags.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <Checkbox
        label={t('paymentHeads.cancelTags.selectAll')}
        checked={allChecked}
        indeterminate={!allChecked && selected.size > 0}
        onChange={(event) =>
          setSelected(
            event.currentTarget.checked ? new Set(payments.map((payment) => payment.memberId._id)) : new Set(),
          )
        }
      />
      <Table.ScrollContainer minWidth={320} maxHeight="50vh">
        <Table striped stickyHeader verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>{t('paymentHeads.members.member')}</Table.Th>
              <Table.Th ta="right">{t('paymentHeads.members.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ _id, memberId: member, amount }) => (
              <Table.Tr key={_id}>
                <Table.Td>
                  <Checkbox
                    checked={selected.has(member._id)}
                    onChange={(event) => toggle(member._id, event.currentTarget.checked)}
                    aria-label={t('paymentHeads.cancelTags.selectMember', { name: member.name })}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {member.name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {member.parishNumber}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatRupees(amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TablePager page={page} limit={MAX_LIMIT} total={filtered.length} onPage={setPage} showRange={false} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('paymentHeads.cancelTags.keep')}
        </Button>
        <Button color="red.8" onClick={() => revoke.mutate()} disabled={selected.size === 0} loading={revoke.isPending}>
          {t('paymentHeads.cancelTags.submit', { count: selected.size })}
        </Button>
      </Group>
    </Stack>
  );
}
