import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useAuth } from '../../../lib/auth.tsx';
import { readToken } from '../../../lib/storage.ts';
import { VerifyError, verifyWorldlinePayment, type VerifyAnswer } from '../verify-payment.ts';
import { readPaymentContext } from '../worldline-checkout.ts';
import { readCallbackParams, successTarget, type CallbackParams } from './callback-params.ts';

/** Redirect delay after a gateway B success (`docs/domain.md`, §2 "Page sizes and timings"). */
export const SUCCESS_REDIRECT_MS = 3000;

/**
 * The page's states (`docs/domain.md`, §4 "Callback states"); `pending` looks like processing: the
 * bank's answer is awaited.
 */
export type CallbackState = 'processing' | 'pending' | 'success' | 'failed' | 'error';

/** What the gateway B return page shows. */
export interface WorldlineCallback {
  params: CallbackParams;
  state: CallbackState;
  /** The server's verification, once answered. */
  result: VerifyAnswer | null;
  /** The error text in state `error` (no transaction id, or the verification failed). */
  error: string | null;
  /** Whether the member holds a session (the redirects and buttons differ). */
  signedIn: boolean;
  /** The amount in rupees, as text: the return's, else the payment context's for the same transaction. */
  amount: string | null;
}

/**
 * The gateway B return (`docs/domain.md`, §2 "Payment callback page", §4 "Callback states"): reads
 * the parameters, asks the server once per transaction id to verify them
 * (`POST /api/worldline/verify-payment`), and 3 seconds after a success (to `successTarget`) or a
 * pending answer (to the dashboard with an info outcome, or home) redirects.
 */
export function useWorldlineCallback(): WorldlineCallback {
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

  return { params, state, result, error, signedIn, amount };
}
