import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MAX_WARD_NAME_LENGTH, type Ward } from '@parish/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useWards, useWardWords, type WardWords } from '../../lib/wards.ts';
import { useChangeWard } from './api.ts';
import { WardReport } from './ward-report.tsx';

/**
 * The wards screen (issue 28 item 7; decision 0126): an admin adds, renames and deletes the
 * parish's wards (a ward with members or a ward leader is refused by the server, its message
 * shown), every text in the parish's word ("Ward" or "Family unit"); below, the ward-wise report,
 * which a cashier sees alone.
 */
export default function WardsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const words = useWardWords();
  const isAdmin = user?.role === 'admin';
  return (
    <Stack>
      <Title order={1} fz={24}>
        {words.other}
      </Title>
      {isAdmin ? <ManageWards words={words} /> : null}
      <WardReport />
      <Text size="xs" c="gray.7">
        {t('wards.intro', { wards: words.wards, ward: words.ward })}
      </Text>
    </Stack>
  );
}

/** Add, rename and delete (admin). */
function ManageWards({ words }: { words: WardWords }) {
  const { t } = useTranslation();
  const wards = useWards();
  const change = useChangeWard();
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Ward | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setAddError(null);
    try {
      await change.mutateAsync({ kind: 'add', name });
      notifications.show({ color: 'green', message: t('wards.added', { name: name.trim() }) });
      setName('');
    } catch (caught) {
      setAddError(errorText(caught));
    }
  }

  function confirmDelete(ward: Ward) {
    modals.openConfirmModal({
      title: t('wards.removeTitle', { ward: words.ward, name: ward.name }),
      children: <Text size="sm">{t('wards.removeText', { ward: words.ward })}</Text>,
      labels: { confirm: t('wards.removeConfirm'), cancel: t('wards.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        change.mutateAsync({ kind: 'delete', ward }).then(
          () => notifications.show({ color: 'green', message: t('wards.removed', { name: ward.name }) }),
          (caught: unknown) =>
            notifications.show({ color: 'red', message: t('wards.actionError', { reason: errorText(caught) }) }),
        );
      },
    });
  }

  const items = wards.data ?? [];
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="manage-wards-heading">
      <Stack gap="sm">
        <Title order={2} fz={20} id="manage-wards-heading">
          {t('wards.manageTitle', { wards: words.other })}
        </Title>
        <form onSubmit={(event) => void add(event)} noValidate>
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('wards.addName', { ward: words.ward })}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={MAX_WARD_NAME_LENGTH}
              error={addError}
              style={{ flex: '1 1 200px' }}
            />
            <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={change.isPending}>
              {t('wards.add', { ward: words.ward })}
            </Button>
          </Group>
        </form>
        {wards.isError ? (
          <Alert color="red" role="alert">
            {t('wards.loadError', { wards: words.wards, reason: errorText(wards.error) })}
          </Alert>
        ) : null}
        {wards.isPending ? <Text role="status">{t('wards.loading', { wards: words.wards })}</Text> : null}
        {wards.data && items.length === 0 ? <Text c="gray.7">{t('wards.empty', { wards: words.wards })}</Text> : null}
        {items.length > 0 ? (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('wards.columns.name')}</Table.Th>
                <Table.Th ta="right">{t('wards.columns.members')}</Table.Th>
                <Table.Th ta="right">{t('wards.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((ward) => (
                <Table.Tr key={ward.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{ward.name}</Table.Td>
                  <Table.Td ta="right">{ward.memberCount}</Table.Td>
                  <Table.Td>
                    <Group gap={2} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('wards.rename', { name: ward.name })} withArrow openDelay={300}>
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          aria-label={t('wards.rename', { name: ward.name })}
                          onClick={() => setRenaming(ward)}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('wards.remove', { name: ward.name })} withArrow openDelay={300}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t('wards.remove', { name: ward.name })}
                          onClick={() => confirmDelete(ward)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
      {renaming ? (
        <RenameWard key={renaming.id} ward={renaming} words={words} onClose={() => setRenaming(null)} />
      ) : null}
    </Paper>
  );
}

/** The rename dialog of one ward; a refused name (taken, blank, too long) shows the server's message. */
function RenameWard({ ward, words, onClose }: { ward: Ward; words: WardWords; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeWard();
  const [name, setName] = useState(ward.name);
  const [error, setError] = useState<string | null>(null);
  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await change.mutateAsync({ kind: 'rename', ward, name });
      notifications.show({ color: 'green', message: t('wards.renamed', { name: name.trim() }) });
      onClose();
    } catch (caught) {
      setError(errorText(caught));
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('wards.renameTitle', { ward: words.ward })}>
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack>
          <TextInput
            label={t('wards.newName')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={MAX_WARD_NAME_LENGTH}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('wards.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('wards.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
