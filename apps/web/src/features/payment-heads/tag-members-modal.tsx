import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MSG, paiseToRupees, parseRupeesToPaise } from '@parish/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { TablePager } from '../../components/table-pager.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import { STALE_TIME } from '../../lib/query-client.ts';
import {
  assignMembers,
  listAllHeadPayments,
  listMembers,
  MAX_LIMIT,
  MEMBERS_KEY,
  PAYMENTS_KEY,
  type HeadPayment,
  type MemberRef,
  type PaymentHead,
} from './api.ts';
import { taggingErrorKey } from './errors.ts';
import { usePhone } from './use-phone.ts';

/** A tagged member and the custom amount typed for them (blank = the head's amount). */
interface Selection {
  member: MemberRef;
  amount: string;
}

/**
 * The assignments of a tag save (`docs/domain.md`, §5 "Tagging"): a custom amount is used only when it is
 * a number of 0 or more (rupees, ≤ 2 decimals); otherwise the head's base amount applies.
 */
export function toAssignments(selected: Iterable<Selection>): { memberId: string; amount?: number }[] {
  return [...selected].map(({ member, amount }) => {
    const paise = amount.trim() === '' ? null : parseRupeesToPaise(amount);
    return paise === null ? { memberId: member._id } : { memberId: member._id, amount: paiseToRupees(paise) };
  });
}

/** The head's current tags: paid members (locked) and the pending ones (preselected). */
function splitExisting(head: PaymentHead, payments: HeadPayment[]) {
  const paid = new Map<string, number>();
  const selected = new Map<string, Selection>();
  for (const payment of payments) {
    if (payment.status === 'paid') {
      paid.set(payment.memberId._id, payment.paidAmount ?? payment.amount);
    } else {
      // Pending (or a failed online attempt): still owed, so it stays tagged unless unticked.
      selected.set(payment.memberId._id, {
        member: payment.memberId,
        amount: payment.amount === head.amount ? '' : String(payment.amount),
      });
    }
  }
  return { paid, selected };
}

/**
 * Tag Members dialog (`docs/domain.md`, §2 "Manage Account Heads page", §4 "Saving tags" and §5
 * "Tagging"): the parish's members, searched and paged 100 at a time (never the whole parish in the
 * DOM). Members who have paid this head show a disabled, ticked box and the amount paid. Saving
 * sends every ticked member in one `assign` call with `replacePending`, so an unticked member loses
 * their pending tag.
 */
export function TagMembersModal({ head, onClose }: { head: PaymentHead; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const existing = useQuery({
    queryKey: [...PAYMENTS_KEY, 'head-all', head._id],
    queryFn: () => listAllHeadPayments({ paymentHeadId: head._id }),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('paymentHeads.tag.title', { name: head.name })}
      size="xl"
      fullScreen={phone}
    >
      {existing.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{t('paymentHeads.tag.loading')}</Text>
        </Group>
      ) : existing.isError ? (
        <Alert color="red" role="alert">
          {errorText(existing.error)}
        </Alert>
      ) : (
        <TagForm head={head} initial={splitExisting(head, existing.data)} onClose={onClose} />
      )}
    </Modal>
  );
}

function TagForm({
  head,
  initial,
  onClose,
}: {
  head: PaymentHead;
  initial: ReturnType<typeof splitExisting>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState(initial.selected);
  const [view, setView] = useState<'all' | 'selected'>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);

  const members = useQuery({
    queryKey: [...MEMBERS_KEY, 'tag-list', debounced, page],
    queryFn: () => listMembers({ page, search: debounced }),
    staleTime: STALE_TIME.members,
    placeholderData: keepPreviousData,
    enabled: view === 'all',
  });

  const selectedRows = useMemo(() => {
    const needle = debounced.toLowerCase();
    return [...selected.values()]
      .map((entry) => entry.member)
      .filter((member) =>
        [member.name, member.parishNumber, member.mobile].some((field) => field.toLowerCase().includes(needle)),
      )
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [selected, debounced]);

  const rows: MemberRef[] =
    view === 'all' ? (members.data?.items ?? []) : selectedRows.slice((page - 1) * MAX_LIMIT, page * MAX_LIMIT);
  const listTotal = view === 'all' ? (members.data?.total ?? 0) : selectedRows.length;
  const selectable = rows.filter((member) => !initial.paid.has(member._id));
  const pageChecked = selectable.length > 0 && selectable.every((member) => selected.has(member._id));
  const pageSome = selectable.some((member) => selected.has(member._id));

  const save = useMutation({
    mutationFn: () => assignMembers(head._id, toAssignments(selected.values())),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      notifications.show({ color: 'green', message: t('paymentHeads.tag.saved', { count: selected.size }) });
      onClose();
    },
    onError: (caught) => {
      const key = taggingErrorKey(caught);
      setError(t(`paymentHeads.taggingErrors.${key}`));
      if (key === 'auth') void signOut();
    },
  });

  function toggle(member: MemberRef, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(member._id, { member, amount: current.get(member._id)?.amount ?? '' });
      else next.delete(member._id);
      return next;
    });
  }

  function togglePage(on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const member of selectable) {
        if (on) next.set(member._id, { member, amount: current.get(member._id)?.amount ?? '' });
        else next.delete(member._id);
      }
      return next;
    });
  }

  function setAmount(member: MemberRef, amount: string) {
    setSelected((current) => new Map(current).set(member._id, { member, amount }));
  }

  function submit() {
    if (selected.size === 0) {
      setError(MSG.tagSelectAtLeastOne);
      return;
    }
    setError(null);
    save.mutate();
  }

  return (
    <Stack>
      <Text size="sm">{t('paymentHeads.tag.intro', { amount: formatRupees(head.amount) })}</Text>
      <FormError message={error} title={t('paymentHeads.tag.errorTitle')} />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('paymentHeads.tag.search')}
          placeholder={t('paymentHeads.tag.searchPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 200px' }}
        />
        <SegmentedControl
          aria-label={t('paymentHeads.tag.show')}
          value={view}
          onChange={(value) => {
            setView(value as 'all' | 'selected');
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('paymentHeads.tag.showAll') },
            { value: 'selected', label: t('paymentHeads.tag.showSelected', { count: selected.size }) },
          ]}
        />
      </Group>
      <Text size="sm" c="gray.7" aria-live="polite">
        {t('paymentHeads.tag.summary', { selected: selected.size, paid: initial.paid.size })}
      </Text>
      {view === 'all' && members.isPending ? (
        <Text>{t('paymentHeads.tag.loading')}</Text>
      ) : view === 'all' && members.isError ? (
        <Alert color="red" role="alert">
          {errorText(members.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="gray.7">{t('paymentHeads.tag.empty')}</Text>
      ) : (
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
                    onChange={(event) => togglePage(event.currentTarget.checked)}
                  />
                </Table.Th>
                <Table.Th>{t('paymentHeads.tag.member')}</Table.Th>
                <Table.Th w={120}>{t('paymentHeads.tag.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((member) => {
                const paid = initial.paid.get(member._id);
                const entry = selected.get(member._id);
                return (
                  <Table.Tr key={member._id}>
                    <Table.Td>
                      {paid !== undefined ? (
                        <Checkbox
                          checked
                          disabled
                          readOnly
                          aria-label={t('paymentHeads.tag.paidCheckbox', { name: member.name })}
                        />
                      ) : (
                        <Checkbox
                          checked={entry !== undefined}
                          onChange={(event) => toggle(member, event.currentTarget.checked)}
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
                          placeholder={String(head.amount)}
                          value={entry.amount}
                          onChange={(event) => setAmount(member, event.currentTarget.value)}
                        />
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePager
        page={page}
        limit={MAX_LIMIT}
        total={listTotal}
        totalIsLowerBound={view === 'all' && (members.data?.totalIsLowerBound ?? false)}
        onPage={setPage}
        label={t('paymentHeads.tag.page')}
        showRange={false}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {t('paymentHeads.tag.save')}
        </Button>
      </Group>
    </Stack>
  );
}
