import { Alert, Button, Group, Text } from '@mantine/core';
import type { checkoutContracts, PaymentRecord } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiRequest, routeOf } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';
import { portalKeys } from './api.ts';

/** The cancel call by method and path (the contract object holds zod schemas, kept out of a member's download). */
const CANCEL = routeOf<typeof checkoutContracts.cancel>('POST', '/api/customer/checkouts/cancel');

/**
 * A payment the member started and did not finish (`docs/domain.md`, §4 "Retry after an abandoned
 * checkout"): instead of an error, "Continue" (pays the same dues again: the server asks the
 * gateway about the unfinished checkout and replaces it) or "Cancel" (gives it up, after the same
 * question; a checkout that was paid after all shows as paid). Nothing while no checkout is open.
 */
export function CheckoutInProgressBanner({
  payments,
  processing,
  onContinue,
}: {
  payments: PaymentRecord[];
  processing: boolean;
  onContinue: (payments: PaymentRecord[]) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = payments.filter((payment) => payment.checkoutInProgress);
  if (open.length === 0) return null;

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest(CANCEL, { body: { paymentIds: open.map((p) => p._id) } });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: portalKeys.all });
    }
  }

  return (
    <Alert color="blue" role="status" data-testid="checkout-in-progress-banner" title={t('refunds.checkout.title')}>
      <Text size="sm">{t('refunds.checkout.text', { heads: open.map((p) => p.paymentHeadId.name).join(', ') })}</Text>
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
      <Group gap="sm" mt="sm">
        <Button size="sm" disabled={processing || busy} onClick={() => onContinue(open)}>
          {t('refunds.checkout.continue')}
        </Button>
        <Button size="sm" variant="default" loading={busy} disabled={processing} onClick={() => void cancel()}>
          {t('refunds.checkout.cancel')}
        </Button>
      </Group>
    </Alert>
  );
}
