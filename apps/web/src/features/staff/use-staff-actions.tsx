import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { StaffUser } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { resetStaffTwoStep, setStaffActive, STAFF_KEY } from './api.ts';

/** What a staff row can do after a confirmation or at once. */
export interface StaffActions {
  /** Reset two-step sign-in (`docs/domain.md`, "Two-step sign-in for staff"): a lost phone; asks first. */
  confirmResetTwoStep: (user: StaffUser) => void;
  /** Deactivate an account; asks first. */
  confirmDeactivate: (user: StaffUser) => void;
  reactivate: (user: StaffUser) => void;
}

/**
 * The staff screen's account changes: reset two-step sign-in and deactivate (each after a
 * confirmation), reactivate; the list refreshes and a notification tells the outcome.
 */
export function useStaffActions(): StaffActions {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setActive = useMutation({
    mutationFn: setStaffActive,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      notifications.show({ color: 'green', message: t('staff.updated') });
    },
    onError: (caught) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(caught) }),
  });
  const resetTwoStep = useMutation({
    mutationFn: (user: StaffUser) => resetStaffTwoStep(user._id),
    onSuccess: async (_answer, user) => {
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      notifications.show({ color: 'green', message: t('twoStep.resetDone', { name: user.name }) });
    },
    onError: (caught) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(caught) }),
  });
  function confirmResetTwoStep(user: StaffUser) {
    modals.openConfirmModal({
      title: t('twoStep.reset'),
      children: <Text>{t('twoStep.resetConfirm', { name: user.name })}</Text>,
      labels: { confirm: t('twoStep.reset'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resetTwoStep.mutate(user),
    });
  }
  function confirmDeactivate(user: StaffUser) {
    modals.openConfirmModal({
      title: t('staff.deactivate'),
      children: <Text>{t('staff.confirmDeactivate', { name: user.name })}</Text>,
      labels: { confirm: t('staff.deactivate'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => setActive.mutate({ id: user._id, isActive: false }),
    });
  }
  return {
    confirmResetTwoStep,
    confirmDeactivate,
    reactivate: (user) => setActive.mutate({ id: user._id, isActive: true }),
  };
}
