import {
  DEFAULT_PARISH_TIMEZONE,
  REPORT_FILE_PREFIX,
  calendarDateIn,
  collectionContracts,
  datedFileName,
  paymentContracts,
  reportContracts,
  officeContracts,
  type CorrectReceiptInputRaw,
  type CorrectReceiptResult,
  type PaymentList,
  type ReceiptSummary,
  type DueType,
  type ReportOf,
  type ReportType,
  type ReverseInputRaw,
  type ReverseResult,
} from '@parish/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiRequest, apiResponse } from '../../lib/api-request.ts';
import { saveDownload } from '../../lib/download.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/** The reports screen's calls (`reportContracts`, and the payments a report links to). */

/** Query-key prefix of every report; live `payment.updated` events invalidate it. */
export const REPORTS_KEY = ['reports'] as const;

/** Filters a report tab sends with `POST /api/admin/reports` (all optional; days are `YYYY-MM-DD`). */
export interface ReportFilters {
  from?: string | null;
  to?: string | null;
  search?: string;
  transactionId?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  /** Member-wise Due only: list, sort and total one type of dues. */
  dueType?: DueType | '';
}

/** The filters as sent: every text trimmed, blank and absent ones left out. */
export function cleanFilters(filters: ReportFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

/**
 * One page of a report (`POST /api/admin/reports`, docs/domain.md "§7 API"). The server
 * aggregates in SQL and answers page by page, so the browser never downloads every payment.
 * Cached for the payments lifetime (1 min); a live payment event refreshes it at once.
 */
export function useReport<T extends ReportType>(type: T, filters: ReportFilters, page = 1, limit?: number) {
  const body = { type, ...cleanFilters(filters), page, ...(limit ? { limit } : {}) };
  return useQuery({
    queryKey: [...REPORTS_KEY, type, body],
    queryFn: () => apiRequest(reportContracts.report, { body }) as Promise<ReportOf<T>>,
    staleTime: STALE_TIME.payments,
    placeholderData: keepPreviousData,
  });
}

export { fileNameOf } from '../../lib/download.ts';

/**
 * Downloads a report's every row (`GET /api/admin/reports/export?type=...` with the same filters)
 * as a CSV (UTF-8 with BOM) or an Excel workbook, with a dated file name such as
 * `daily_collection_report_2026-11-22.csv`. A 401 is refreshed once.
 * @throws ApiError when the server refuses or the network fails.
 */
export async function downloadReport(
  type: ReportType,
  filters: ReportFilters,
  format: 'csv' | 'xlsx' = 'csv',
): Promise<void> {
  const response = await apiResponse(reportContracts.exportCsv, {
    query: { type, ...cleanFilters(filters), format },
  });
  const today = calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE);
  await saveDownload(response, datedFileName(REPORT_FILE_PREFIX[type], today, format));
}

/** Members per page of a head's member list (the report's View Members dialog). */
export const HEAD_MEMBERS_PAGE = 25;

/**
 * One page of the payments of a head, newest first (`GET /api/payments?paymentHeadId=…`), 25 a
 * page; `enabled` only while the dialog shows a head. Cached for the payments lifetime (1 min).
 */
export function useHeadMembers(headId: string | null, page: number) {
  return useQuery({
    queryKey: ['payments', 'report-head-members', headId ?? undefined, page],
    queryFn: (): Promise<PaymentList> =>
      apiRequest(paymentContracts.list, {
        query: { paymentHeadId: headId ?? '', page, limit: HEAD_MEMBERS_PAGE, sortBy: 'date', sortOrder: 'desc' },
      }),
    enabled: headId !== null,
    staleTime: STALE_TIME.payments,
    placeholderData: keepPreviousData,
  });
}

/** `PUT /api/payments/{id}/reverse` (admin): the receipt holding a direct collection reversed, with the reason. */
export function reverseCollection(input: { paymentId: string } & ReverseInputRaw): Promise<ReverseResult> {
  const { paymentId, ...body } = input;
  return apiRequest(collectionContracts.reverse, { params: { id: paymentId }, body });
}

/**
 * The receipt holding a paid payment, as the reversal dialog shows it before Confirm: `GET
 * /api/payments/{id}` for its receipt id, then `GET /api/receipts/{id}` (number, member and whether
 * active, method, every line and the total in rupees). Null while the payment has no receipt.
 * Off while `paymentId` is null (the dialog closed); read afresh on every opening.
 */
export function useReceiptOfPayment(paymentId: string | null) {
  return useQuery({
    queryKey: ['receipts', 'of-payment', paymentId],
    queryFn: async (): Promise<ReceiptSummary | null> => {
      const payment = await apiRequest(paymentContracts.get, { params: { id: paymentId ?? '' } });
      if (!payment.receiptId) return null;
      return apiRequest(officeContracts.receipt, { params: { id: payment.receiptId } });
    },
    enabled: paymentId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** `POST /api/receipts/{id}/correct`: the receipt voided and the lines in `keep` (payment ids) re-issued on a new receipt, with the reason. */
export function correctReceipt(input: { receiptId: string } & CorrectReceiptInputRaw): Promise<CorrectReceiptResult> {
  const { receiptId, ...body } = input;
  return apiRequest(officeContracts.correctReceipt, { params: { id: receiptId }, body });
}
