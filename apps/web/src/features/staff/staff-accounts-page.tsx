import {
  Alert,
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
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createStaffUserSchema, type StaffUser } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { PasswordResetDialog, type PasswordResetRequest } from '../../components/password-reset-dialog.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formErrorOf, formErrors, parseValues, schemaValidator } from '../../lib/form-validation.ts';
import {
  createStaffAccount,
  issueStaffOneTimePassword,
  resetStaffPassword,
  STAFF_KEY,
  useStaffAccounts,
  type NewStaffAccount,
} from './api.ts';
import { useWards, useWardWords } from '../../lib/wards.ts';
import { StaffRow } from './staff-row.tsx';
import { useStaffActions } from './use-staff-actions.tsx';

/**
 * The fields of the new staff account dialog: role 'cashier', 'admin', 'ward_leader' (with the
 * ward they lead, `wardId`, absent otherwise; decision 0129) or 'accountant' (decision 0145).
 */
interface NewStaffValues {
  username: string;
  name: string;
  role: string;
  password: string;
  wardId?: string | undefined;
}

const NEW_STAFF: NewStaffValues = { username: '', name: '', role: 'cashier', password: '' };

/** The ward a new ward leader leads, in the parish's word for a ward. */
function LeaderWardSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (wardId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const words = useWardWords();
  const wards = useWards();
  return (
    <Select
      label={t('wards.staffWard', { ward: words.one })}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      data={(wards.data ?? []).map((ward) => ({ value: ward.id, label: ward.name }))}
      required
    />
  );
}

/** Add Staff Account: checked with the shared `createStaffUserSchema` before sending. */
function CreateStaffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: NEW_STAFF,
    validate: schemaValidator<NewStaffValues>(createStaffUserSchema),
    transformValues: (values) => parseValues(createStaffUserSchema, values),
  });
  const error = formErrorOf(form.errors);
  const create = useMutation({
    mutationFn: (body: NewStaffAccount) => createStaffAccount(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      notifications.show({ color: 'green', message: t('staff.created') });
      form.setValues(NEW_STAFF);
      onClose();
    },
    onError: (caught) => form.setErrors(formErrors(errorText(caught))),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('staff.add')}>
      <form onSubmit={form.onSubmit((body) => create.mutate(body))} noValidate>
        <Stack>
          <FormError message={error?.message ?? null} />
          <TextInput label={t('staff.username')} {...form.getInputProps('username')} required />
          <TextInput label={t('staff.name')} {...form.getInputProps('name')} required />
          <Select
            label={t('staff.role')}
            value={form.values.role}
            onChange={(value) => {
              form.setFieldValue('role', value ?? 'cashier');
              if (value !== 'ward_leader') form.setFieldValue('wardId', undefined);
            }}
            data={[
              { value: 'cashier', label: t('staff.cashier') },
              { value: 'admin', label: t('staff.admin') },
              { value: 'ward_leader', label: t('wards.roleWardLeader') },
              { value: 'accountant', label: t('staff.accountant') },
            ]}
            allowDeselect={false}
          />
          {form.values.role === 'ward_leader' ? (
            <LeaderWardSelect value={form.values.wardId} onChange={(wardId) => form.setFieldValue('wardId', wardId)} />
          ) : null}
          <PasswordInput
            label={t('staff.password')}
            description={t('staff.passwordHint')}
            {...form.getInputProps('password')}
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

/**
 * Reset Password of a staff account: the new password is sent as typed; the server checks it
 * (at least 10 characters) and its text shows in the dialog.
 */
function ResetPasswordModal({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ mode: 'controlled', initialValues: { password: '' } });
  const error = formErrorOf(form.errors);
  const reset = useMutation({
    mutationFn: (password: string) => resetStaffPassword(user?._id ?? '', password),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('staff.updated') });
      form.setValues({ password: '' });
      onClose();
    },
    onError: (caught) => form.setErrors(formErrors(errorText(caught))),
  });
  return (
    <Modal opened={user !== null} onClose={onClose} title={`${t('staff.resetPassword')}: ${user?.name ?? ''}`}>
      <form
        onSubmit={(event) => {
          // No validation here (the server's text shows), and an earlier failure stays shown until the answer.
          event.preventDefault();
          reset.mutate(form.values.password);
        }}
        noValidate
      >
        <Stack>
          <FormError message={error?.message ?? null} />
          <PasswordInput
            label={t('staff.newPassword')}
            description={t('staff.passwordHint')}
            {...form.getInputProps('password')}
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

/**
 * Staff accounts screen (admin): list, create, set a password, issue a one-time password (not
 * one's own: it would end one's session; `docs/domain.md`, "Password resets"), reset another
 * member's two-step sign-in, deactivate or reactivate.
 */
export default function StaffAccounts() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const [oneTime, setOneTime] = useState<PasswordResetRequest | null>(null);
  const staff = useStaffAccounts();
  const actions = useStaffActions();
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
                <StaffRow
                  key={user._id}
                  user={user}
                  isMe={user._id === me?.id}
                  actions={actions}
                  onResetPassword={setResetting}
                  onOneTimePassword={(one) =>
                    setOneTime({
                      name: one.name,
                      kind: 'one-time',
                      reset: () => issueStaffOneTimePassword(one._id),
                    })
                  }
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <CreateStaffModal opened={creating} onClose={() => setCreating(false)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <PasswordResetDialog request={oneTime} onClose={() => setOneTime(null)} />
    </Stack>
  );
}
