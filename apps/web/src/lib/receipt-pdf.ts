import type { officeContracts } from '@parish/shared';

import { fetchWithSession, toApiError } from './api-client.ts';
import { apiResponse, buildUrl, routeOf } from './api-request.ts';
import { saveDownload } from './download.ts';

/*
 * Receipt PDFs (decision 0139, docs/domain.md "§8 Receipts", "Receipt PDF"): downloaded by staff
 * (A5 or 80 mm) and by members (their own). Loaded with import() on the click, so the member's
 * first load carries none of it (decision 0042).
 */

const RECEIPT_PDF = routeOf<typeof officeContracts.receiptPdf>('GET', '/api/receipts/:id/pdf');

/**
 * Downloads a receipt as a PDF (`GET /api/receipts/{id}/pdf?layout=`), named by the server
 * (`receipt-2026-27-000123.pdf`), with the bearer token (one shared refresh on a 401).
 * @param layout 'a5' (default) or '80mm' (the small receipt printers)
 * @throws ApiError with the server's error text
 */
export async function downloadReceiptPdf(receiptId: string, layout: 'a5' | '80mm' = 'a5'): Promise<void> {
  const response = await apiResponse(RECEIPT_PDF, { params: { id: receiptId }, query: { layout } }, 'throw');
  if (!response.ok) throw await toApiError(response);
  await saveDownload(response, 'receipt.pdf');
}

/**
 * Downloads the signed-in member's yearly statement (`GET /api/customer/statement.pdf?fy=`, decision
 * 0139), named by the server, with the bearer token (one shared refresh on a 401).
 * @param fy the financial year as '2026-27'
 * @throws ApiError with the server's error text (400 for a year it does not take)
 */
export async function downloadStatementPdf(fy: string): Promise<void> {
  const response = await fetchWithSession(buildUrl('/api/customer/statement.pdf', { query: { fy } }), 'throw');
  if (!response.ok) throw await toApiError(response);
  await saveDownload(response, `statement-${fy}.pdf`);
}
