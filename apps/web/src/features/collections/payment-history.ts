import {
  datedFileName,
  formatDisplayDate,
  formatINR,
  headTypeLabel,
  type MemberPayments,
  type Paise,
  type PaymentRecord,
} from '@parish/shared';

import { paiseOf } from '../../lib/money.ts';

/**
 * The Payment Summary dialog's list rules and its CSV (docs/domain.md, "§2 Screens", "Payment
 * Summary"): which payments show, in which order, and the history export's rows. Pure functions.
 */

/** The status filter: All, Pending (anything not paid) or Paid. */
export type StatusFilter = 'all' | 'pending' | 'paid';

/** What the list sorts by. */
export type HistorySort = 'date' | 'amount' | 'status';

/** What a payment counts for: the paid amount when paid, else the assigned amount. */
export const effectivePaise = (payment: PaymentRecord): Paise =>
  payment.status === 'paid' && payment.paidAmount !== null ? paiseOf(payment.paidAmount) : paiseOf(payment.amount);

/** The date a payment sorts by: when it was paid, else its due date, else when it was assigned. */
export const sortDate = (payment: PaymentRecord): string => payment.paidAt ?? payment.dueDate ?? payment.createdAt;

/** Whether a payment is overdue: not paid and its due date (`YYYY-MM-DD`) before `today` (parish date). */
export const isOverdue = (payment: PaymentRecord, today: string): boolean =>
  payment.status !== 'paid' && payment.status !== 'waived' && payment.dueDate !== null && payment.dueDate < today;

/** The `collections.summary.*` key of a head type's badge. */
export function typeKey(type: string): 'typeArrears' | 'typeMiscellaneous' | 'typeCurrentDue' {
  const label = headTypeLabel(type);
  return label === 'Arrears' ? 'typeArrears' : label === 'Miscellaneous' ? 'typeMiscellaneous' : 'typeCurrentDue';
}

/** The payments the filter keeps, sorted; ties in the same order by id, so the list never jumps. */
export function visiblePayments(
  items: readonly PaymentRecord[],
  status: StatusFilter,
  sortBy: HistorySort,
  direction: 'asc' | 'desc',
): PaymentRecord[] {
  const list = items.filter((p) =>
    status === 'all' ? true : status === 'paid' ? p.status === 'paid' : p.status !== 'paid' && p.status !== 'waived',
  );
  const sign = direction === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    const order =
      sortBy === 'amount'
        ? effectivePaise(a) - effectivePaise(b)
        : sortBy === 'status'
          ? a.status.localeCompare(b.status)
          : sortDate(a).localeCompare(sortDate(b));
    return order * sign || a._id.localeCompare(b._id);
  });
}

/** A file-name-safe version of a member's name ('member' when nothing is left). */
export const fileSafe = (name: string): string =>
  name.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '') || 'member';

/** The history export's file name, e.g. `Anna_Joseph_payment_details_2026-11-22.csv` (or `.xlsx`). */
export function historyFileName(memberName: string, today: string, extension: 'csv' | 'xlsx' = 'csv'): string {
  return datedFileName(`${fileSafe(memberName)}_payment_details`, today, extension);
}

/**
 * The history export's table: the translated header (head, amount, status, payment date,
 * transaction id, type, year), then one row per payment with the amount it counts for as plain
 * rupees (`1500.50`), the paid date as dd/mm/yyyy and the type's label. The cells are as entered:
 * the CSV writer neutralises formulas (`lib/table-download.ts`), a workbook keeps them as text.
 */
export function historyTable(
  data: MemberPayments,
  t: (key: string) => string,
): { header: string[]; rows: (string | number)[][] } {
  const header = ['head', 'amount', 'status', 'paymentDate', 'transactionId', 'type', 'year'].map((key) =>
    t(`collections.summary.csv.${key}`),
  );
  const rows = data.items.map((payment) => [
    payment.paymentHeadId.name,
    formatINR(effectivePaise(payment), { symbol: false }).replace(/,/g, ''),
    payment.status,
    formatDisplayDate(payment.paidAt),
    payment.transactionId ?? payment.pgTransactionId ?? '',
    headTypeLabel(payment.paymentHeadId.type),
    payment.year,
  ]);
  return { header, rows };
}
