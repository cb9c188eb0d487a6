import { Badge, Button, Group, Table } from '@mantine/core';
import type { StaffUser } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { useWardNames } from '../../lib/wards.ts';
import type { StaffActions } from './use-staff-actions.tsx';

/**
 * One staff account (`docs/domain.md`, "Password resets", "Two-step sign-in for staff"): name,
 * username, role (a ward leader's with their ward, decision 0129), status (and two-step), then Reset Password; for another account also Reset
 * two-step (when on), a one-time password and Deactivate or Reactivate.
 * @param isMe whether the row is the signed-in admin's own account
 */
export function StaffRow({
  user,
  isMe,
  actions,
  onResetPassword,
  onOneTimePassword,
}: {
  user: StaffUser;
  isMe: boolean;
  actions: StaffActions;
  onResetPassword: (user: StaffUser) => void;
  onOneTimePassword: (user: StaffUser) => void;
}) {
  const { t } = useTranslation();
  const wardNames = useWardNames();
  return (
    <Table.Tr>
      <Table.Td>{user.name}</Table.Td>
      <Table.Td>{user.username}</Table.Td>
      <Table.Td>
        {user.role === 'admin'
          ? t('staff.admin')
          : user.role === 'cashier'
            ? t('staff.cashier')
            : user.role === 'accountant'
              ? t('staff.accountant')
              : `${t('wards.roleWardLeader')}${user.wardId && wardNames.get(user.wardId) ? ` · ${wardNames.get(user.wardId)}` : ''}`}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Badge color={user.isActive ? 'green.8' : 'gray.7'}>
            {user.isActive ? t('staff.active') : t('staff.inactive')}
          </Badge>
          {user.twoStepSignIn ? <Badge color="blue.8">{t('twoStep.badge')}</Badge> : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => onResetPassword(user)}>
            {t('staff.resetPassword')}
          </Button>
          {user.twoStepSignIn && !isMe ? (
            <Button size="xs" variant="light" color="red" onClick={() => actions.confirmResetTwoStep(user)}>
              {t('twoStep.reset')}
            </Button>
          ) : null}
          {isMe ? null : (
            <Button size="xs" variant="light" color="red" onClick={() => onOneTimePassword(user)}>
              {t('passwordResets.oneTimeStaff')}
            </Button>
          )}
          {isMe ? null : user.isActive ? (
            <Button size="xs" variant="light" color="red" onClick={() => actions.confirmDeactivate(user)}>
              {t('staff.deactivate')}
            </Button>
          ) : (
            <Button size="xs" variant="light" onClick={() => actions.reactivate(user)}>
              {t('staff.reactivate')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
