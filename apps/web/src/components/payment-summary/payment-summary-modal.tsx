import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Props of the Payment Summary dialog of one member (specification section 2). */
export interface PaymentSummaryModalProps {
  /** The member whose payments to show; null keeps the dialog closed. */
  memberId: string | null;
  /** Who opens it: the admin (export, receipts) or the cashier (also Collect). */
  mode: 'admin' | 'cashier';
  onClose: () => void;
}

/** Placeholder until the collections capability builds the Payment Summary dialog. */
export function PaymentSummaryModal({ memberId, onClose }: PaymentSummaryModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={memberId !== null} onClose={onClose} title={t('pending.text')}>
      <Text>{t('pending.text')}</Text>
    </Modal>
  );
}
