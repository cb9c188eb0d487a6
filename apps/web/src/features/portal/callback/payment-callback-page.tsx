import { Alert, Box, Button, Center, Code, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatINR, parseRupeesToPaise } from '@parish/shared';
import { IconCircleCheck, IconCircleX, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useAuth } from '../../../lib/auth.tsx';
import { readToken } from '../../../lib/storage.ts';
import { VerifyError, verifyWorldlinePayment, type VerifyAnswer } from '../verify-payment.ts';
import { readPaymentContext } from '../worldline-checkout.ts';
import { readCallbackParams, reportedOutcome, successTarget } from './callback-params.ts';

/** Redirect delay after a gateway B success (`docs/domain.md`, §2 "Page sizes and timings"). */
export const SUCCESS_REDIRECT_MS = 3000;

/**
 * The page's states (`docs/domain.md`, §4 "Callback states"); `pending` looks like processing: the
 * bank's answer is awaited.
 */
type CallbackState = 'processing' | 'pending' | 'success' | 'failed' | 'error';

/**
 * The gateway B return page (`/payment-callback`, `/payment/callback/worldline`; `docs/domain.md`,
 * §2 "Payment callback page"): reads the parameters, asks the server to verify
 * (`POST /api/worldline/verify-payment`, 30 s timeout) and shows processing, success, failed or
 * error with the details panel; after a success it redirects in 3 seconds.
 */
export function PaymentCallbackPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => readCallbackParams(location.search, location.hash), [location.search, location.hash]);
  const context = useMemo(() => readPaymentContext(), []);
  const [state, setState] = useState<CallbackState>(params.txnId ? 'processing' : 'error');
  const [result, setResult] = useState<VerifyAnswer | null>(null);
  const [error, setError] = useState<string | null>(params.txnId ? null : t('portal.callback.missingTxn'));
  const started = useRef<string | null>(null);
  const signedIn = Boolean(user) || Boolean(readToken());
  const amount = params.amount ?? (context && context.txnId === params.txnId ? String(context.amount) : null);

  useEffect(() => {
    const txnId = params.txnId;
    if (!txnId || started.current === txnId) return;
    started.current = txnId;
    verifyWorldlinePayment(
      {
        txnId,
        status: params.status ?? '',
        statusCode: params.statusCode ?? '',
        statusMessage: params.statusMessage ?? '',
        transactionId: params.transactionId ?? '',
        amount: params.amount ?? '',
        hash: params.hash ?? '',
      },
      {
        timeout: t('portal.callback.verifyTimeout'),
        notFound: t('portal.callback.verifyNotFound'),
        fallback: t('portal.callback.processFailed'),
      },
    )
      .then((answer) => {
        setResult(answer);
        setState(answer.success ? 'success' : answer.status === 'pending' ? 'pending' : 'failed');
      })
      .catch((caught: unknown) => {
        setError(caught instanceof VerifyError ? caught.message : t('portal.callback.processFailed'));
        setState('error');
      });
  }, [params, t]);

  useEffect(() => {
    if ((state !== 'success' && state !== 'pending') || !params.txnId) return;
    const target =
      state === 'success'
        ? successTarget(params.txnId, amount, signedIn)
        : signedIn
          ? `/customer/dashboard?${new URLSearchParams({ payment: 'info', txn_id: params.txnId, message: result?.message ?? '' }).toString()}`
          : '/';
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state, params.txnId, amount, signedIn, navigate, result]);

  const failureMessage =
    state === 'failed' ? result?.message || params.reason || t('portal.callback.verifyFailed') : (error ?? '');
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
  const amountPaise = amount ? parseRupeesToPaise(amount) : null;
  const details: [string, string | number | null | undefined][] = [
    [t('portal.callback.fields.transactionId'), params.txnId],
    [
      t('portal.callback.fields.systemReference'),
      result?.transactionId === params.txnId ? null : result?.transactionId,
    ],
    [t('portal.callback.fields.gatewayReference'), params.transactionId],
    [t('portal.callback.fields.amount'), amountPaise === null ? amount : formatINR(amountPaise)],
    [t('portal.callback.fields.gateway'), 'worldline'],
    [t('portal.callback.fields.paymentsProcessed'), result?.paymentIds?.length],
    [t('portal.callback.fields.recordsUpdated'), result?.paymentsUpdated],
    [
      t('portal.callback.fields.reason'),
      state === 'failed' ? failureMessage : state === 'error' ? params.reason : null,
    ],
    [
      t('portal.callback.fields.statusCode'),
      params.statusCode ?? (params.status && /^\d+$/.test(params.status) ? params.status : null),
    ],
    [t('portal.callback.fields.statusMessage'), params.statusMessage],
    [t('portal.callback.fields.error'), state === 'error' ? error : null],
  ];
  const shown = details.filter(([, value]) => value !== null && value !== undefined && value !== '');

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
                {result?.message ||
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
          {shown.length > 0 ? (
            <Box>
              <Text fw={600} size="sm" mb={4}>
                {t('portal.callback.details')}
              </Text>
              <Table withTableBorder verticalSpacing={4} fz="sm">
                <Table.Tbody>
                  {shown.map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th w="45%" fw={500} c="gray.7">
                        {label}
                      </Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{String(value)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          ) : null}
          <Box component="details">
            <Text component="summary" size="sm" c="gray.7" style={{ cursor: 'pointer' }}>
              {t('portal.callback.debug')}
            </Text>
            <Code block mt={4} fz="xs">
              {JSON.stringify({ state, outcome: reportedOutcome(params), params, result }, null, 2)}
            </Code>
          </Box>
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
