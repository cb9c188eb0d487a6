import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MSG } from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { TablePager } from '../../components/table-pager.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import { assignMembers, listAllHeadPayments, MAX_LIMIT, PAYMENTS_KEY, type PaymentHead } from './api.ts';
import { taggingErrorKey } from './errors.ts';
import { TagMembersTable } from './tag-members-table.tsx';
import { splitExisting, toAssignments, type ExistingTags, type Selection } from './tag-selection.ts';
import { usePhone } from './use-phone.ts';
import { useTagList } from './use-tag-list.ts';

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

/** The Tag Members dialog's form (see {@link TagMembersModal}), from the head's current tags. */
function TagForm({ head, initial, onClose }: { head: PaymentHead; initial: ExistingTags; onClose: () => void }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Map<string, Selection>>(initial.selected);
  const [view, setView] = useState<'all' | 'selected'>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const { members, rows, total: listTotal } = useTagList(view, debounced, page, selected);

  const save = useMutation({
    mutationFn: () => assignMembers(head._id, toAssignments(selected.values())),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries();
      notifications.show({ color: 'green', message: t('paymentHeads.tag.saved', { count: selected.size }) });
      // A tag amount of 0 means no due (decision 0109): say how many.
      if (result.noDue > 0)
        notifications.show({ color: 'blue', message: t('paymentHeads.tag.noDue', { count: result.noDue }) });
      onClose();
    },
    onError: (caught) => {
      const key = taggingErrorKey(caught);
      setError(t(`paymentHeads.taggingErrors.${key}`));
      if (key === 'auth') void signOut();
    },
  });

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
        <TagMembersTable
          rows={rows}
          paid={initial.paid}
          selected={selected}
          headAmount={head.amount}
          onSelected={setSelected}
        />
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
