import { Alert, Button, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCalendarRepeat, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { STALE_TIME } from '../../lib/query-client.ts';
import { deleteHead, HEADS_KEY, listHeads, type PaymentHead } from './api.ts';
import { CancelTagsModal } from './cancel-tags-modal.tsx';
import { writeErrorText } from './errors.ts';
import { HeadCard, type HeadAction } from './head-card.tsx';
import { HeadFormModal } from './head-form-modal.tsx';
import { HeadMembersModal } from './head-members-modal.tsx';
import { RolloverModal } from './rollover-modal.tsx';
import { TagMembersModal } from './tag-members-modal.tsx';
import { UploadCsvModal } from './upload-csv-modal.tsx';

/**
 * The heads as the grid shows them (`docs/domain.md`, §2 "Manage Account Heads page"): matching the
 * search in name or description (case-insensitive), sorted by year ascending, then by name.
 */
export function visibleHeads(heads: readonly PaymentHead[], search: string): PaymentHead[] {
  const needle = search.trim().toLowerCase();
  return heads
    .filter((head) => !needle || `${head.name}\n${head.description}`.toLowerCase().includes(needle))
    .sort((a, b) => a.year - b.year || a.name.localeCompare(b.name));
}

/** A fresh key per opening, so the form starts from the head's current values. */
let formOpenings = 0;
function nextFormKey(): number {
  formOpenings += 1;
  return formOpenings;
}

type Dialog =
  | { kind: 'form'; head: PaymentHead | null; key: number }
  | { kind: 'tag' | 'cancel' | 'members'; head: PaymentHead }
  | { kind: 'upload' }
  | { kind: 'rollover' }
  | null;

/**
 * Manage Account Heads (/admin/payments, `docs/domain.md`, §2 "Manage Account Heads page"): the card grid of heads with
 * search, the payment-order help, and the dialogs to add, edit, delete, tag members, cancel tags,
 * view a head's members and upload a dues CSV.
 */
export default function PaymentHeadsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const heads = useQuery({ queryKey: HEADS_KEY, queryFn: listHeads, staleTime: STALE_TIME.paymentHeads });
  const shown = useMemo(() => visibleHeads(heads.data?.items ?? [], search), [heads.data, search]);

  const remove = useMutation({
    mutationFn: (head: PaymentHead) => deleteHead(head._id),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      notifications.show({ color: 'green', message: t('paymentHeads.delete.deleted') });
    },
    onError: (caught) =>
      notifications.show({
        color: 'red',
        title: t('common.error'),
        message: writeErrorText(caught, t('paymentHeads.delete.error')),
      }),
  });

  function act(head: PaymentHead, action: HeadAction) {
    if (action === 'edit') setDialog({ kind: 'form', head, key: nextFormKey() });
    else if (action === 'delete') {
      modals.openConfirmModal({
        title: t('paymentHeads.delete.title'),
        children: <Text size="sm">{t('paymentHeads.delete.confirm', { name: head.name })}</Text>,
        labels: { confirm: t('paymentHeads.delete.confirmButton'), cancel: t('common.cancel') },
        confirmProps: { color: 'red.8' },
        onConfirm: () => remove.mutate(head),
      });
    } else setDialog({ kind: action, head });
  }

  const close = () => setDialog(null);
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={24}>
          {t('paymentHeads.title')}
        </Title>
        <Group gap="xs">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'form', head: null, key: nextFormKey() })}
          >
            {t('paymentHeads.add')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'upload' })}
          >
            {t('paymentHeads.upload')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCalendarRepeat size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'rollover' })}
          >
            {t('yearEnd.rollover.open')}
          </Button>
        </Group>
      </Group>
      <Alert color="blue" variant="light" title={t('paymentHeads.helpTitle')}>
        <List size="sm" spacing={2}>
          <List.Item>{t('paymentHeads.help.arrears')}</List.Item>
          <List.Item>{t('paymentHeads.help.current')}</List.Item>
          <List.Item>{t('paymentHeads.help.misc')}</List.Item>
        </List>
      </Alert>
      <TextInput
        label={t('paymentHeads.search')}
        placeholder={t('paymentHeads.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
        type="search"
      />
      {heads.isPending ? <Text>{t('paymentHeads.loading')}</Text> : null}
      {heads.isError ? (
        <Alert color="red" role="alert">
          {t('paymentHeads.loadError', { message: errorText(heads.error) })}
        </Alert>
      ) : null}
      {heads.data && shown.length === 0 ? (
        <Text c="gray.7">{heads.data.items.length === 0 ? t('paymentHeads.empty') : t('paymentHeads.noMatch')}</Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {shown.map((head) => (
          <HeadCard key={head._id} head={head} onAction={(action) => act(head, action)} />
        ))}
      </SimpleGrid>
      {dialog?.kind === 'form' ? <HeadFormModal key={dialog.key} opened head={dialog.head} onClose={close} /> : null}
      {dialog?.kind === 'tag' ? <TagMembersModal head={dialog.head} onClose={close} /> : null}
      {dialog?.kind === 'cancel' ? <CancelTagsModal head={dialog.head} onClose={close} /> : null}
      {dialog?.kind === 'members' ? <HeadMembersModal head={dialog.head} onClose={close} /> : null}
      <UploadCsvModal opened={dialog?.kind === 'upload'} onClose={close} />
      {dialog?.kind === 'rollover' ? <RolloverModal onClose={close} /> : null}
    </Stack>
  );
}
