import {
  DEFAULT_PARISH_TIMEZONE,
  REPORT_FILE_PREFIX,
  calendarDateIn,
  datedFileName,
  parseRupeesToPaise,
  type ReportOf,
  type ReportType,
} from '@parish/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { ApiError, apiRequest, refreshAccessToken } from '../../lib/api-client.ts';
import { STALE_TIME } from '../../lib/query-client.ts';
import { readToken } from '../../lib/storage.ts';

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
}

function cleanFilters(filters: ReportFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

/**
 * One page of a report (`POST /api/admin/reports`, `api-contract.md` "Back office"). The server
 * aggregates in SQL and answers page by page, so the browser never downloads every payment.
 * Cached for the payments lifetime (1 min); a live payment event refreshes it at once.
 */
export function useReport<T extends ReportType>(type: T, filters: ReportFilters, page = 1, limit?: number) {
  const body = { type, ...cleanFilters(filters), page, ...(limit ? { limit } : {}) };
  return useQuery({
    queryKey: [...REPORTS_KEY, type, body],
    queryFn: () => apiRequest<ReportOf<T>>('/api/admin/reports', { method: 'POST', body }),
    staleTime: STALE_TIME.payments,
    placeholderData: keepPreviousData,
  });
}

/** Rupees from the API to paise for `formatINR` (0 for anything unreadable). */
export function toPaise(rupees: number | null | undefined): number {
  if (rupees === null || rupees === undefined) return 0;
  return parseRupeesToPaise(Math.abs(rupees)) ?? 0;
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a report's CSV (`GET /api/admin/reports/export?type=...` with the same filters, every
 * row, dated file name such as `daily_collection_report_2026-11-22.csv`). A 401 is refreshed once.
 * @throws ApiError when the server refuses or the network fails.
 */
export async function downloadReport(type: ReportType, filters: ReportFilters): Promise<void> {
  const params = new URLSearchParams({ type, ...cleanFilters(filters) });
  const url = `/api/admin/reports/export?${params.toString()}`;
  const get = (token: string | null) =>
    fetch(url, {
      headers: { 'x-requested-with': 'parish-dues', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  let response = await get(readToken());
  if (response.status === 401) response = await get(await refreshAccessToken());
  if (!response.ok) throw new ApiError(`Export failed: ${response.status}`, response.status);
  const blob = await response.blob();
  const fallback = datedFileName(REPORT_FILE_PREFIX[type], calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(response, fallback);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
