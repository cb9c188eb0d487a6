import type { collectionContracts, officeContracts } from '@parish/shared';

import { toApiError } from './api-client.ts';
import { apiResponse, routeOf } from './api-request.ts';

/*
 * Receipts of paid payments, printed from the back office (the Payment Summary dialog) and from the
 * member portal (the Paid tab) alike (docs/domain.md, "§8 Receipts").
 */

/** The receipt call by method and path (the contract object holds zod schemas). */
const RECEIPT = routeOf<typeof officeContracts.receiptPrint>('GET', '/api/receipts/:id/print');
/** The receipt of a payment of an earlier release, which has no receipt row yet. */
const PAYMENT_RECEIPT = routeOf<typeof collectionContracts.receipt>('GET', '/api/payments/:id/receipt');

/** Printing starts about 0.5 s after the receipt is shown (`docs/domain.md`, §8 "Printing"). */
export const PRINT_DELAY_MS = 500;
/** The receipt window closes 1 s after printing (`docs/domain.md`, §8 "Printing"). */
export const CLOSE_AFTER_PRINT_MS = 1000;

/**
 * The printable receipt as HTML, by the receipt's id (`GET /api/receipts/{id}/print`), fetched
 * with the bearer token (one shared refresh on a 401, like every API call; 'Session expired.
 * Please login again.' when the refresh fails).
 * @throws ApiError with the server's error text.
 */
export async function fetchReceiptHtml(receiptId: string): Promise<string> {
  const response = await apiResponse(RECEIPT, { params: { id: receiptId } }, 'throw');
  if (!response.ok) throw await toApiError(response);
  return response.text();
}

/**
 * Opens a receipt (by its id, never its number) in a new window and prints it (`docs/domain.md`, §8 "Printing").
 * The window is opened at once, inside the click, so pop-up blockers let it through; the HTML is
 * written into it when it arrives. A window opened this way inherits this app's
 * Content-Security-Policy, under which the receipt's own inline script cannot run, so this side
 * drives printing: print 0.5 s after the receipt is written, close 1 s after printing.
 * @returns false when the browser blocked the window.
 * @throws ApiError when the receipt cannot be fetched (the window is closed again).
 */
export async function printReceipt(receiptId: string): Promise<boolean> {
  return printDocument(() => fetchReceiptHtml(receiptId));
}

/**
 * Opens a printable document of the API (a receipt, a day sheet) in a new window and prints it,
 * as {@link printReceipt} does.
 * @returns false when the browser blocked the window.
 */
export async function printDocument(load: () => Promise<string>): Promise<boolean> {
  const popup = window.open('', '_blank');
  if (!popup) return false;
  let html: string;
  try {
    html = await load();
  } catch (error) {
    popup.close();
    throw error;
  }
  // The receipt's inline script would only be refused by the inherited policy: leave it out.
  const printable = html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
  popup.document.open();
  popup.document.write(printable);
  popup.document.close();
  window.setTimeout(() => {
    if (popup.closed) return;
    popup.focus();
    popup.print();
    window.setTimeout(() => popup.close(), CLOSE_AFTER_PRINT_MS);
  }, PRINT_DELAY_MS);
  return true;
}

/**
 * Prints the receipt that holds a paid payment: by the receipt's id; a payment of an earlier
 * release without one is asked for by the payment (`GET /api/payments/{id}/receipt`, which
 * numbers it on its first print).
 * @returns false when the browser blocked the window.
 */
export function printPaymentReceipt(payment: { _id: string; receiptId: string | null }): Promise<boolean> {
  if (payment.receiptId) return printReceipt(payment.receiptId);
  return printDocument(async () => {
    const response = await apiResponse(PAYMENT_RECEIPT, { params: { id: payment._id } }, 'throw');
    if (!response.ok) throw await toApiError(response);
    return response.text();
  });
}
