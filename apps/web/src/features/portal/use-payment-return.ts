import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import type { ReturnOutcome } from './use-payment-flow.ts';

/** The return query parameters the dashboard reads (`docs/domain.md`, §2 "Return from a gateway"). */
export const RETURN_PARAMS = ['payment', 'txn_id', 'amount', 'gateway', 'message', 'error', 'status'] as const;

const OUTCOMES = new Set(['success', 'failed', 'warning', 'info']);

/**
 * Reads the outcome of a gateway return from the query: `payment` (success, failed, warning, info;
 * when absent, `status` success/failed stands in), `txn_id`, `amount`, and the text from
 * `message`, else `error`.
 * @returns null when the query carries no outcome.
 */
export function readReturnOutcome(search: string): ReturnOutcome | null {
  const params = new URLSearchParams(search);
  const payment = params.get('payment') ?? params.get('status');
  const normalised = payment === 'failure' || payment === 'error' ? 'failed' : payment;
  if (!normalised || !OUTCOMES.has(normalised)) return null;
  return {
    payment: normalised as ReturnOutcome['payment'],
    txnId: params.get('txn_id'),
    amount: params.get('amount'),
    message: params.get('message') || params.get('error') || null,
  };
}

/**
 * On return from a gateway, shows the outcome once and then clears the query (`docs/domain.md`, §2
 * "Return from a gateway": "handles query parameters ..., shows the outcome, then clears the
 * query").
 */
export function usePaymentReturn(show: (outcome: ReturnOutcome) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!location.search || handled.current === location.search) return;
    const params = new URLSearchParams(location.search);
    if (!RETURN_PARAMS.some((name) => params.has(name))) return;
    handled.current = location.search;
    const outcome = readReturnOutcome(location.search);
    if (outcome) show(outcome);
    for (const name of RETURN_PARAMS) params.delete(name);
    const rest = params.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate, show]);
}
