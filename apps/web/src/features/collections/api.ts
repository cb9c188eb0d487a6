import {
  collectionContracts,
  memberContracts,
  officeContracts,
  yearEndContracts,
  type CashierCollections,
  type CashierDays,
  type ChequeList,
  type CloseDayInputRaw,
  type CollectDuesInputRaw,
  type CollectDuesResult,
  type ConcessionInputRaw,
  type DaySheet,
  type MemberPayments,
  type PaymentRecord,
  type UpiSettings,
} from '@parish/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { toApiError } from '../../lib/api-client.ts';
import { saveDownload } from '../../lib/download.ts';
import { apiRequest, apiResponse } from '../../lib/api-request.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/**
 * The collections screens' calls (`collectionContracts`; docs/domain.md, "§4 Payment rules"): the
 * cashier's member list, a member's payments, a collection at the office and the cashier's own
 * collections. Everything under `['collections']` is refreshed after a collection.
 */

/** Query key of one member's payments; everything under `['collections']` refreshes after a collection. */
export const memberPaymentsKey = (memberId: string) => ['collections', 'member-payments', memberId] as const;

/**
 * One member's payments with the paid, pending and total figures
 * (`GET /api/collections/members/{id}/payments`). Opening the dialog is a deliberate look: it
 * refetches on every mount (showing the cached list meanwhile) so what other cashiers did since shows.
 */
export function useMemberPayments(memberId: string) {
  return useQuery({
    queryKey: memberPaymentsKey(memberId),
    queryFn: (): Promise<MemberPayments> =>
      apiRequest(collectionContracts.memberPayments, { params: { id: memberId } }),
    staleTime: STALE_TIME.payments,
    refetchOnMount: 'always',
  });
}

/**
 * The cashier's member list, `pageSize` a page by name, searched by name, parish number, phone or
 * location (`GET /api/members`, search only when not blank); the previous page stays on screen
 * while the next loads.
 */
export function useCashierMembers(page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: ['collections', 'members', page, search],
    queryFn: () => apiRequest(memberContracts.list, { query: { page, limit: pageSize, sortBy: 'name', search } }),
    staleTime: STALE_TIME.members,
    placeholderData: keepPreviousData,
  });
}

/** Filters of the cashier's own collections: search text and From/To parish dates (`YYYY-MM-DD`). */
export interface CollectionFilters {
  search: string;
  from: string | null;
  to: string | null;
}

/** `GET /api/cashier/collections`: one page of the signed-in cashier's own collections and their total. */
export function fetchCashierCollections(
  filters: CollectionFilters,
  page: number,
  limit: number,
): Promise<CashierCollections> {
  return apiRequest(collectionContracts.cashierCollections, { query: { page, limit, ...filters } });
}

/**
 * One page of the cashier's own collections, matching `filters`; the previous page stays on
 * screen while the next loads. Cached for the payments lifetime (1 min).
 */
export function useCashierCollections(filters: CollectionFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['collections', 'mine', filters, page],
    queryFn: () => fetchCashierCollections(filters, page, pageSize),
    staleTime: STALE_TIME.payments,
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/payments/{id}/concession` (admin): lowers (`amount` in rupees) or waives a pending due
 * with a reason (docs/domain.md, §4 "Concessions").
 */
export function grantConcession(paymentId: string, body: ConcessionInputRaw): Promise<PaymentRecord> {
  return apiRequest(yearEndContracts.concession, { params: { id: paymentId }, body });
}

/**
 * `POST /api/collections`: several dues of one member under one receipt (amounts in rupees), sent
 * with the dialog's `Idempotency-Key`, so a double submit collects once.
 * @throws ApiError with the server's text.
 */
export function collectDues(body: CollectDuesInputRaw, idempotencyKey: string): Promise<CollectDuesResult> {
  return apiRequest(officeContracts.collectDues, { body }, { idempotencyKey });
}

/** The signed-in cashier's day sheet of a parish day (`GET /api/day-sheets`), default today. */
export function useDaySheet(day: string | null) {
  return useQuery({
    queryKey: ['collections', 'day-sheet', day],
    queryFn: (): Promise<DaySheet> => apiRequest(officeContracts.daySheet, { query: day ? { day } : {} }),
    staleTime: STALE_TIME.payments,
  });
}

/** `POST /api/day-sheets/close`: closes the caller's day, with the optional cash count (notes by face value, coins in rupees). */
export function closeDaySheet(body: CloseDayInputRaw): Promise<DaySheet> {
  return apiRequest(officeContracts.closeDay, { body });
}

/**
 * The printable day sheet (`GET /api/day-sheets/print`) or its CSV (`GET /api/day-sheets/csv`) of
 * a parish day, as text.
 * @throws ApiError with the server's text.
 */
export async function fetchDaySheetFile(kind: 'print' | 'csv', day: string, cashierId?: string): Promise<string> {
  const contract = kind === 'print' ? officeContracts.daySheetPrint : officeContracts.daySheetCsv;
  const response = await apiResponse(contract, { query: { day, ...(cashierId ? { cashierId } : {}) } }, 'throw');
  if (!response.ok) throw await toApiError(response);
  return response.text();
}

/**
 * Saves a parish day's day sheet as an Excel workbook (`GET /api/day-sheets/xlsx`), named
 * `day_sheet_<day>.xlsx`.
 * @throws ApiError when the server refuses or the network fails.
 */
export async function downloadDaySheetXlsx(day: string, cashierId?: string): Promise<void> {
  const query = { day, ...(cashierId ? { cashierId } : {}) };
  const response = await apiResponse(officeContracts.daySheetXlsx, { query }, 'throw');
  if (!response.ok) throw await toApiError(response);
  await saveDownload(response, `day_sheet_${day}.xlsx`);
}

/** Cheques awaiting clearance, oldest first (`GET /api/cheques`). */
export function useCheques() {
  return useQuery({
    queryKey: ['collections', 'cheques'],
    queryFn: (): Promise<ChequeList> => apiRequest(officeContracts.cheques),
    staleTime: STALE_TIME.payments,
  });
}

/** `POST /api/receipts/{id}/cheque`: a cheque cleared, or bounced (its receipt reversed, dues pending again). */
export function markCheque(receiptId: string, status: 'cleared' | 'bounced') {
  return apiRequest(officeContracts.markCheque, { params: { id: receiptId }, body: { status } });
}

/** Every cashier's days (admin) or the caller's own (`GET /api/day-sheets/days`). */
export function useCashierDays() {
  return useQuery({
    queryKey: ['collections', 'days'],
    queryFn: (): Promise<CashierDays> => apiRequest(officeContracts.cashierDays),
    staleTime: STALE_TIME.payments,
  });
}

/** `POST /api/day-sheets/reopen` (admin): a cashier's closed day opened again (audited). */
export function reopenDay(cashierId: string, day: string): Promise<DaySheet> {
  return apiRequest(officeContracts.reopenDay, { body: { cashierId, day } });
}

/** The parish UPI ID and payee name for the counter's QR code (`GET /api/office/upi`). */
export function useUpiSettings() {
  return useQuery({
    queryKey: ['collections', 'upi'],
    queryFn: (): Promise<UpiSettings> => apiRequest(officeContracts.upi),
    staleTime: STALE_TIME.payments,
  });
}
