import { paiseOfSum, type Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';

import { queryRows, type DbOrTx } from '../../../db/client.ts';
import {
  issueReceipt,
  type IssuedReceipt,
  type ReceiptAudit,
  type ReceiptFacts,
  type ReceiptLine,
} from './receipts.ts';

/** What {@link markPaid} marks: the payments and amounts received, and how they were paid. */
export interface MarkPaidInput extends Omit<ReceiptFacts, 'memberId'> {
  /**
   * The member whose payments these must be; null to take it from the first line paid (the
   * office's single collection, which names only the payment). Either way every line paid belongs
   * to one member: a line of another member is not updated.
   */
  memberId: string | null;
  /** The payments to mark paid, each with the amount received for it in paise. */
  lines: readonly ReceiptLine[];
  /**
   * The counter's amount rule (`docs/domain.md`, "Effective amount"): a line's amount must be at
   * least the payment's assigned amount, and equal to it unless its head takes a variable amount.
   * Off for online settlement, whose amounts were fixed when the order was made.
   */
  enforceDueAmount: boolean;
  /**
   * Called when a line's payment may not be paid (not pending, another member's, unknown, or the
   * amount refused; read under its row lock) to say whether to read that line again (`'retry'`)
   * or leave it out (`'skip'`). It may throw to abort the whole transaction with the caller's
   * error. Without it, such lines are left out.
   */
  onNotUpdated?: (paymentId: string, attempt: number) => Promise<'retry' | 'skip'>;
  /**
   * Paid by a sandbox (test) checkout: no real money (`docs/domain.md`, §10 "Payment mode"). Sets
   * `payments.is_test`, which keeps the payment out of every collected figure of the summaries.
   * Absent or false for the office and for live gateways.
   */
  isTest?: boolean;
  /**
   * The caller's audit record of this act, when it is written only if a receipt is issued: written
   * by the receipt's own statement (one round trip fewer while the receipt counter is held), its
   * `after.receiptNumber` set to the receipt's number ({@link ReceiptAudit}). Absent: the caller
   * writes its audit itself.
   */
  audit?: ReceiptAudit;
}

/** What {@link markPaid} did. */
export interface MarkPaidResult {
  /** The one receipt holding every paid line; null when no line was paid. */
  receipt: IssuedReceipt | null;
  /** The lines marked paid, in payment-id order. */
  paid: ReceiptLine[];
  /** The payments left out (not pending any more, or refused), in payment-id order. */
  notPaid: ReceiptLine[];
}

/**
 * A payment's state as read under its row lock: what decides whether a line may be paid.
 * Money in paise.
 */
export interface LockedPayment {
  memberId: string;
  status: string;
  amountPaise: Paise;
  /** Whether its head takes a variable amount (`docs/domain.md`, "Effective amount"). */
  variableAmount: boolean;
}

/**
 * Marks one or more payments of one member paid under ONE receipt: the one place where a payment
 * becomes paid, for the cashier's collection and for online settlement alike
 * (`docs/ARCHITECTURE.md`, "The two money flows"). Runs in the caller's transaction, which also
 * writes the caller's audit record.
 * - Lock order (`docs/ARCHITECTURE.md`, "Lock order"): the lines' payment rows are first locked
 *   together in payment-id order (`SELECT … FOR UPDATE`, which waits for a concurrent reversal or
 *   collection and then reads the row as it committed) — or the caller passes them as `locked`,
 *   read under its own lock. Only lines still pending, of the member, with an accepted amount are
 *   paid: of any number of concurrent attempts on one payment exactly one succeeds.
 * - Then ONE statement ({@link issueReceipt} with `paying`) takes the receipt number, inserts the
 *   receipt and its items and updates the payments once (pending → paid, and their receipt), so
 *   the receipt counter and the summary rows the triggers lock at the end of it are held for that
 *   statement and the COMMIT only (decision 0057).
 * Sets on each paid payment: paidAmount (the line's amount), paidAt, method, gateway, collection
 * mode, collector, transaction ids, notes, the test flag, and its receipt.
 * @param locked the lines' payments as the caller read them `FOR UPDATE` in this transaction (in
 *   payment-id order), by payment id; a line missing from it is unknown. Absent: markPaid locks them.
 * @throws Error when a payment appears on two lines, or several lines name no member (programming
 *   errors); whatever `onNotUpdated` throws.
 */
export async function markPaid(
  tx: DbOrTx,
  timeZone: string,
  input: MarkPaidInput,
  locked?: ReadonlyMap<string, LockedPayment>,
): Promise<MarkPaidResult> {
  const lines = [...input.lines].sort((a, b) => (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0));
  if (new Set(lines.map((line) => line.paymentId)).size !== lines.length) throw new Error('a payment on two lines');
  if (lines.length > 1 && input.memberId === null) throw new Error('several lines need their member');
  const paid: ReceiptLine[] = [];
  const notPaid: ReceiptLine[] = [];
  let memberId = input.memberId;
  let current = locked ?? (await lockPayments(tx, lines));
  for (let todo = lines, attempt = 0; todo.length > 0; attempt += 1) {
    if (attempt > 0) current = await lockPayments(tx, todo);
    const retry: ReceiptLine[] = [];
    for (const line of todo) {
      const payment = current.get(line.paymentId);
      if (payment && payable(payment, line, memberId, input.enforceDueAmount)) {
        memberId ??= payment.memberId;
        paid.push(line);
        continue;
      }
      const next = input.onNotUpdated ? await input.onNotUpdated(line.paymentId, attempt) : 'skip';
      (next === 'retry' ? retry : notPaid).push(line);
    }
    todo = retry;
  }
  paid.sort((a, b) => (a.paymentId < b.paymentId ? -1 : 1));
  const receipt =
    memberId !== null && paid.length > 0
      ? await issueReceipt(tx, timeZone, { ...input, memberId }, paid, {
          paying: { isTest: input.isTest ?? false },
          audit: input.audit,
        })
      : null;
  return { receipt, paid, notPaid };
}

/** Whether a line may be paid: its payment is pending, of the member (when named), and the amount is accepted. */
function payable(payment: LockedPayment, line: ReceiptLine, memberId: string | null, enforceDueAmount: boolean) {
  if (payment.status !== 'pending' || (memberId !== null && payment.memberId !== memberId)) return false;
  if (!enforceDueAmount) return true;
  return (
    line.amountPaise >= payment.amountPaise && (line.amountPaise === payment.amountPaise || payment.variableAmount)
  );
}

/** Locks the lines' payment rows in payment-id order (the lines are sorted) and reads their state. */
async function lockPayments(tx: DbOrTx, lines: readonly ReceiptLine[]): Promise<Map<string, LockedPayment>> {
  const rows = await queryRows<{
    id: string;
    member_id: string;
    status: string;
    amount_paise: string | number;
    variable_amount: boolean;
  }>(
    tx,
    sql`select p.id, p.member_id, p.status, p.amount_paise, h.variable_amount
          from payments p join payment_heads h on h.id = p.payment_head_id
         where p.id = any(${`{${lines.map((line) => line.paymentId).join(',')}}`}::uuid[])
         order by p.id for update of p`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        memberId: row.member_id,
        status: row.status,
        amountPaise: paiseOfSum(row.amount_paise),
        variableAmount: row.variable_amount,
      },
    ]),
  );
}
