import {
  depositContracts,
  type CreateDepositInputRaw,
  type Deposit,
  type DepositList,
  type PendingDeposits,
} from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { toApiError } from '../../lib/api-client.ts';
import { apiRequest, apiResponse } from '../../lib/api-request.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/**
 * The Bank deposits screen's calls (`depositContracts`; `docs/domain.md`, "Bank deposits"). Both
 * lists live under `['deposits']` and refresh after a deposit is recorded.
 */

/** "Not yet deposited" (`GET /api/deposits/pending`): a cashier gets their own days only. */
export function usePendingDeposits() {
  return useQuery({
    queryKey: ['deposits', 'pending'],
    queryFn: (): Promise<PendingDeposits> => apiRequest(depositContracts.pending),
    staleTime: STALE_TIME.payments,
  });
}

/** The recorded slips, newest first (`GET /api/deposits`; admin and accountant). */
export function useDeposits(enabled: boolean) {
  return useQuery({
    queryKey: ['deposits', 'list'],
    queryFn: (): Promise<DepositList> => apiRequest(depositContracts.list, { query: {} }),
    staleTime: STALE_TIME.payments,
    enabled,
  });
}

/** `POST /api/deposits`: records a pay-in slip (amounts rupees). */
export function createDeposit(body: CreateDepositInputRaw): Promise<Deposit> {
  return apiRequest(depositContracts.create, { body });
}

/**
 * The printable pay-in slip's HTML (`GET /api/deposits/{id}/print`).
 * @throws ApiError when the server refuses or the network fails.
 */
export async function fetchDepositSlipHtml(id: string): Promise<string> {
  const response = await apiResponse(depositContracts.print, { params: { id } }, 'throw');
  if (!response.ok) throw await toApiError(response);
  return response.text();
}
