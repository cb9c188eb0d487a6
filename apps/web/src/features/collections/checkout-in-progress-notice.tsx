import { Alert } from '@mantine/core';
import type { PaymentRecord } from '@parish/shared';
import { useTranslation } from 'react-i18next';

/**
 * The cashier's warning in the collect dialog (`docs/domain.md`, §4 "Refunds and exceptions"):
 * shown while an online checkout for this due is in progress (`checkoutInProgress`, set by the
 * server on the Payment Summary's rows). Collecting is still allowed; money that then also
 * arrives online goes to the refunds queue. Renders nothing otherwise.
 */
export function CheckoutInProgressNotice({ payment }: { payment: Pick<PaymentRecord, 'checkoutInProgress'> }) {
  const { t } = useTranslation();
  if (!payment.checkoutInProgress) return null;
  return (
    <Alert color="yellow" role="status" data-testid="checkout-in-progress">
      {t('refunds.checkoutInProgress')}
    </Alert>
  );
}
