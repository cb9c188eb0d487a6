import { formatDisplayDate, formatINR, type Paise, type PaymentRecord } from '@parish/shared';

import { paiseOf } from '../../lib/money.ts';

/**
 * The Cashier Collections screen's readings of a collection (`docs/domain.md`, §2 "Cashier
 * Collections"): the amount paid, the method's catalogue key, and the export's columns and rows.
 */

/** The paise a collection received: its paid amount, else its due amount (rupees on the wire). */
export function paidPaise(payment: PaymentRecord): Paise {
  return paiseOf(payment.paidAmount ?? payment.amount);
}

/** The catalogue key of a collection method (cash, UPI, cheque); null for another or none. */
export function methodKey(method: string | null): string | null {
  if (method === 'cash') return 'collections.mine.methodCash';
  if (method === 'upi') return 'collections.mine.methodUpi';
  if (method === 'cheque') return 'collections.mine.methodCheque';
  return null;
}

/** The export's columns, as `collections.mine.*` catalogue keys, in order. */
export const EXPORT_COLUMNS = [
  'date',
  'receiptNumber',
  'member',
  'parishNumber',
  'head',
  'method',
  'transactionId',
  'amount',
] as const;

/**
 * The export's row of a collection, in {@link EXPORT_COLUMNS} order: the paid date (DD/MM/YYYY), the
 * receipt number, the member and parish number, the head, the method as `methodText` names it, the
 * transaction id (ours, else the gateway's) and the amount in rupees without grouping or sign.
 */
export function exportRow(item: PaymentRecord, methodText: (method: string | null) => string): string[] {
  return [
    formatDisplayDate(item.paidAt),
    item.receiptNumber ?? '',
    item.memberId.name,
    item.memberId.parishNumber,
    item.paymentHeadId.name,
    methodText(item.paymentMethod),
    item.transactionId ?? item.pgTransactionId ?? '',
    formatINR(paidPaise(item), { symbol: false }).replace(/,/g, ''),
  ];
}
