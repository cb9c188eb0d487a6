import { Alert, Button, Code, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { Member } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import type { PasswordResetKind } from '../../components/password-reset-dialog.tsx';
import { useMemberCredentials } from './api.ts';

/**
 * The Login Credentials view of a member (admin only, `docs/domain.md`, §6 "Login credentials
 * view"): the username and, while the member has not changed it, the initial password; otherwise a
 * note that it was changed. A failure reads 'Failed to load credentials. Please try again.'
 * (`docs/domain.md`, §5 "Error and outcome messages"). Its buttons reset the password back to the
 * initial one or issue a one-time password (`onReset`, `docs/domain.md`, "Password resets").
 */
export function CredentialsModal({
  member,
  onClose,
  onReset,
}: {
  member: Member | null;
  onClose: () => void;
  onReset: (member: Member, kind: PasswordResetKind) => void;
}) {
  const { t } = useTranslation();
  const credentials = useMemberCredentials(member?._id ?? null);
  return (
    <Modal opened={member !== null} onClose={onClose} title={t('members.credentials.title')}>
      <Stack>
        {credentials.isPending ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text>{t('members.credentials.loading')}</Text>
          </Group>
        ) : null}
        {credentials.isError ? (
          <Alert color="red" role="alert" title={t('members.errorTitles.api')}>
            {t('members.credentials.loadFailed')}
          </Alert>
        ) : null}
        {credentials.data ? (
          <>
            <Table variant="vertical" withTableBorder layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={120}>{t('members.credentials.member')}</Table.Th>
                  <Table.Td>{member?.name}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('members.credentials.username')}</Table.Th>
                  <Table.Td>
                    <Code fz="md">{credentials.data.username}</Code>
                  </Table.Td>
                </Table.Tr>
                {credentials.data.password !== null ? (
                  <Table.Tr>
                    <Table.Th>{t('members.credentials.password')}</Table.Th>
                    <Table.Td>
                      <Code fz="md">{credentials.data.password}</Code>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
            </Table>
            {credentials.data.passwordChanged ? (
              <Alert color="blue" title={t('common.information')}>
                {t('members.credentials.changed')}
              </Alert>
            ) : null}
            <Text size="sm" c="gray.7">
              {t('members.credentials.rule')}
            </Text>
          </>
        ) : null}
        <Group justify="space-between">
          <Group gap="xs">
            <Button size="xs" variant="light" color="red" onClick={() => member && onReset(member, 'initial')}>
              {t('passwordResets.toInitial')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => member && onReset(member, 'one-time')}>
              {t('passwordResets.oneTime')}
            </Button>
          </Group>
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
