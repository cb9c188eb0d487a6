import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Member } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../lib/api-client.ts';
import { useDeleteMember } from './api.ts';

/**
 * The delete confirmation (`docs/domain.md`, §2 "Members page"): deleting deactivates the member on
 * the server. A failure shows as the Delete Error 'Failed to delete member' (`docs/domain.md`, §5
 * "Error and outcome messages"), or the server's own text for a 4xx answer.
 */
export function DeleteMemberModal({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteMember();
  const failure = remove.isError
    ? remove.error instanceof ApiError && remove.error.status >= 400 && remove.error.status < 500
      ? remove.error.message
      : t('members.deleteFailed')
    : null;

  function close() {
    remove.reset();
    onClose();
  }

  function confirm() {
    if (!member) return;
    remove.mutate(member._id, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: t('common.success'), message: t('members.delete.done') });
        close();
      },
    });
  }

  return (
    <Modal opened={member !== null} onClose={close} title={t('members.delete.title')}>
      <Stack>
        {failure ? (
          <Alert color="red" role="alert" title={t('members.errorTitles.delete')}>
            {failure}
          </Alert>
        ) : null}
        <Text>{t('members.delete.text', { name: member?.name ?? '', parishNumber: member?.parishNumber ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {t('members.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
