import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { CallbackDetails } from './callback-details.tsx';
import { SUCCESS_REDIRECT_MS, useWorldlineCallback, type CallbackState } from './use-worldline-callback.ts';
import { gatewayText } from '../../../lib/gateway-text.ts';

/**
 * The gateway B return page (`/payment-callback`, `/payment/callback/worldline`; `docs/domain.md`,
 * §2 "Payment callback page"): reads the parameters, asks the server to verify
 * (`POST /api/worldline/verify-payment`, 30 s timeout) and shows processing, success, failed or
 * error with the details panel; after a success it redirects in 3 seconds.
 */
export function PaymentCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const callback = useWorldlineCallback();
  const { params, state, result, error, signedIn, amount } = callback;

  const failureMessage =
    state === 'failed'
      ? (gatewayText(result?.message) ?? gatewayText(params.reason) ?? t('portal.callback.verifyFailed'))
      : (error ?? '');
  const dashboardAfterFailure = () => {
    const query = new URLSearchParams({ payment: 'failed', gateway: 'worldline' });
    if (params.txnId) query.set('txn_id', params.txnId);
    if (amount) query.set('amount', amount);
    if (failureMessage) query.set('message', failureMessage);
    return `/customer/dashboard?${query.toString()}`;
  };

  const titles: Record<CallbackState, string> = {
    processing: t('portal.callback.processing'),
    pending: t('portal.callback.processing'),
    success: t('portal.callback.successTitle'),
    failed: t('portal.callback.failedTitle'),
    error: t('portal.callback.errorTitle'),
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} w="100%" maw={560}>
        <Stack>
          <Group gap="sm" wrap="nowrap">
            <StateIcon state={state} />
            <Title order={1} fz={22}>
              {titles[state]}
            </Title>
          </Group>
          {state === 'processing' ? <Text c="gray.7">{t('portal.callback.processingText')}</Text> : null}
          {state === 'success' || state === 'pending' ? (
            <Stack gap={4} role="status">
              <Text>
                {gatewayText(result?.message) ??
                  (state === 'success' ? t('portal.callback.successText') : t('portal.notices.pendingStatus'))}
              </Text>
              <Text c="gray.7" size="sm">
                {signedIn
                  ? t('portal.callback.redirectDashboard', { seconds: SUCCESS_REDIRECT_MS / 1000 })
                  : t('portal.callback.redirectHome', { seconds: SUCCESS_REDIRECT_MS / 1000 })}
              </Text>
            </Stack>
          ) : null}
          {state === 'failed' || state === 'error' ? (
            <Alert color="red" role="alert">
              {failureMessage}
            </Alert>
          ) : null}
          <CallbackDetails callback={callback} failureMessage={failureMessage} />
          <Group>
            {state === 'processing' || state === 'pending' ? (
              <Button variant="default" onClick={() => void navigate(signedIn ? '/customer/dashboard' : '/')}>
                {t('portal.callback.cancel')}
              </Button>
            ) : null}
            {(state === 'failed' || state === 'error') && signedIn ? (
              <Button onClick={() => void navigate(dashboardAfterFailure())}>
                {t('portal.callback.returnToDashboard')}
              </Button>
            ) : null}
            {(state === 'failed' || state === 'error') && !signedIn ? (
              <>
                <Button onClick={() => void navigate('/')}>{t('portal.callback.tryAgain')}</Button>
                <Button variant="default" onClick={() => void navigate('/')}>
                  {t('portal.callback.goHome')}
                </Button>
              </>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

function StateIcon({ state }: { state: CallbackState }) {
  if (state === 'processing' || state === 'pending') return <Loader size="sm" aria-hidden />;
  if (state === 'success') return <IconCircleCheck size={28} color="var(--mantine-color-green-7)" aria-hidden />;
  if (state === 'failed') return <IconCircleX size={28} color="var(--mantine-color-red-7)" aria-hidden />;
  return <IconAlertTriangle size={28} color="var(--mantine-color-orange-7)" aria-hidden />;
}
