import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { createStaffUserSchema, type StaffUser } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import {
  createStaffAccount,
  resetStaffPassword,
  setStaffActive,
  STAFF_KEY,
  useStaffAccounts,
  type NewStaffAccount,
} from './api.ts';

function CreateStaffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ username: '', name: '', role: 'cashier', password: '' });
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: NewStaffAccount) => createStaffAccount(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      notifications.show({ color: 'green', message: t('staff.created') });
      setForm({ username: '', name: '', role: 'cashier', password: '' });
      onClose();
    },
    onError: (caught) => setError(errorText(caught)),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createStaffUserSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    create.mutate(parsed.data);
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('staff.add')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={error} />
          <TextInput
            label={t('staff.username')}
            value={form.username}
            onChange={(event) => setForm({ ...form, username: event.currentTarget.value })}
            required
          />
          <TextInput
            label={t('staff.name')}
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
            required
          />
          <Select
            label={t('staff.role')}
            value={form.role}
            onChange={(value) => setForm({ ...form, role: value ?? 'cashier' })}
            data={[
              { value: 'cashier', label: t('staff.cashier') },
              { value: 'admin', label: t('staff.admin') },
            ]}
            allowDeselect={false}
          />
          <PasswordInput
            label={t('staff.password')}
            description={t('staff.passwordHint')}
            value={form.password}
            onChange={(event) => setForm({ ...form, password: event.currentTarget.value })}
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('common.saving') : t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ResetPasswordModal({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: () => resetStaffPassword(user?._id ?? '', password),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('staff.updated') });
      setPassword('');
      onClose();
    },
    onError: (caught) => setError(errorText(caught)),
  });
  return (
    <Modal opened={user !== null} onClose={onClose} title={`${t('staff.resetPassword')}: ${user?.name ?? ''}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          reset.mutate();
        }}
        noValidate
      >
        <Stack>
          <FormError message={error} />
          <PasswordInput
            label={t('staff.newPassword')}
            description={t('staff.passwordHint')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={reset.isPending}>
              {t('staff.resetPassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Staff accounts screen (admin): list, create, reset a password, deactivate or reactivate. */
export default function StaffAccounts() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const staff = useStaffAccounts();
  const setActive = useMutation({
    mutationFn: setStaffActive,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      notifications.show({ color: 'green', message: t('staff.updated') });
    },
    onError: (caught) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(caught) }),
  });
  function confirmDeactivate(user: StaffUser) {
    modals.openConfirmModal({
      title: t('staff.deactivate'),
      children: <Text>{t('staff.confirmDeactivate', { name: user.name })}</Text>,
      labels: { confirm: t('staff.deactivate'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => setActive.mutate({ id: user._id, isActive: false }),
    });
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz={24}>
          {t('staff.title')}
        </Title>
        <Button onClick={() => setCreating(true)}>{t('staff.add')}</Button>
      </Group>
      {staff.isPending ? <Text>{t('staff.loading')}</Text> : null}
      {staff.isError ? (
        <Alert color="red" role="alert">
          {errorText(staff.error)}
        </Alert>
      ) : null}
      {staff.data ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.name')}</Table.Th>
                <Table.Th>{t('staff.username')}</Table.Th>
                <Table.Th>{t('staff.role')}</Table.Th>
                <Table.Th>{t('staff.status')}</Table.Th>
                <Table.Th>{t('staff.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {staff.data.items.map((user) => (
                <Table.Tr key={user._id}>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td>{user.role === 'admin' ? t('staff.admin') : t('staff.cashier')}</Table.Td>
                  <Table.Td>
                    <Badge color={user.isActive ? 'green.8' : 'gray.7'}>
                      {user.isActive ? t('staff.active') : t('staff.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setResetting(user)}>
                        {t('staff.resetPassword')}
                      </Button>
                      {user._id === me?.id ? null : user.isActive ? (
                        <Button size="xs" variant="light" color="red" onClick={() => confirmDeactivate(user)}>
                          {t('staff.deactivate')}
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setActive.mutate({ id: user._id, isActive: true })}
                        >
                          {t('staff.reactivate')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <CreateStaffModal opened={creating} onClose={() => setCreating(false)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
