import { sql } from 'drizzle-orm';

import { queryRows, type DbOrTx } from '../../db/client.ts';
import { issueReceipt, type IssuedReceipt, type ReceiptFacts, type ReceiptLine } from './receipts.ts';

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
   * Called when a line's payment was not updated (not pending any more, unknown, or the amount
   * refused) to say whether to try that line again (`'retry'`: a concurrent reversal committed
   * while the update waited) or leave it out (`'skip'`). It may throw to abort the whole
   * transaction with the caller's error. Without it, such lines are left out.
   */
  onNotUpdated?: (paymentId: string, attempt: number) => Promise<'retry' | 'skip'>;
  /**
   * Paid by a sandbox (test) checkout: no real money (`docs/domain.md`, §10 "Payment mode"). Sets
   * `payments.is_test`, which keeps the payment out of every collected figure of the summaries.
   * Absent or false for the office and for live gateways.
   */
  isTest?: boolean;
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
 * Marks one or more payments of one member paid under ONE receipt: the one place where a payment
 * becomes paid, for the cashier's collection and for online settlement alike
 * (`docs/ARCHITECTURE.md`, "The two money flows"). Runs in the caller's transaction, which also
 * writes the caller's audit record.
 * - Lock order (`docs/ARCHITECTURE.md`, "Lock order"): several lines are first locked together
 *   in payment-id order (`SELECT … FOR UPDATE`), then updated in ONE statement, so that the
 *   summary triggers (which lock the member's summary row at the end of each statement) run only
 *   after every payment row is held: a concurrent single collection of one of them waits instead
 *   of deadlocking.
 * - The update is conditional (`WHERE status = 'pending'`, never select-then-update): of any
 *   number of concurrent attempts on one payment exactly one succeeds.
 * - Then, when any line was paid, one receipt of the financial year is issued for the paid lines
 *   ({@link issueReceipt}).
 * Sets on each paid payment: paidAmount (the line's amount), paidAt, method, gateway, collection
 * mode, collector, transaction ids, notes, the test flag, and its receipt.
 * @throws Error when a payment appears on two lines, or several lines name no member (programming
 *   errors); whatever `onNotUpdated` throws.
 */
export async function markPaid(tx: DbOrTx, timeZone: string, input: MarkPaidInput): Promise<MarkPaidResult> {
  const lines = [...input.lines].sort((a, b) => (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0));
  if (new Set(lines.map((line) => line.paymentId)).size !== lines.length) throw new Error('a payment on two lines');
  if (lines.length > 1 && input.memberId === null) throw new Error('several lines need their member');
  if (lines.length > 1) await lockPayments(tx, lines);
  const paid: ReceiptLine[] = [];
  const notPaid: ReceiptLine[] = [];
  let memberId = input.memberId;
  let attempt = 0;
  for (let todo = lines; todo.length > 0; attempt += 1) {
    const updated = await updateLines(tx, input, memberId, todo);
    memberId ??= updated.values().next().value ?? null;
    const missed = todo.filter((line) => !updated.has(line.paymentId));
    paid.push(...todo.filter((line) => updated.has(line.paymentId)));
    const retry: ReceiptLine[] = [];
    for (const line of missed) {
      const next = input.onNotUpdated ? await input.onNotUpdated(line.paymentId, attempt) : 'skip';
      (next === 'retry' ? retry : notPaid).push(line);
    }
    todo = retry;
  }
  paid.sort((a, b) => (a.paymentId < b.paymentId ? -1 : 1));
  const receipt =
    memberId !== null && paid.length > 0 ? await issueReceipt(tx, timeZone, { ...input, memberId }, paid) : null;
  return { receipt, paid, notPaid };
}

/** Locks the lines' payment rows in payment-id order (the lines are sorted). */
async function lockPayments(tx: DbOrTx, lines: readonly ReceiptLine[]): Promise<void> {
  await queryRows(
    tx,
    sql`select id from payments where id = any(${`{${lines.map((line) => line.paymentId).join(',')}}`}::uuid[])
        order by id for update`,
  );
}

/**
 * The lines' conditional update pending → paid, in one statement.
 * @returns the member of each payment updated, by payment id.
 */
async function updateLines(
  tx: DbOrTx,
  input: MarkPaidInput,
  memberId: string | null,
  lines: readonly ReceiptLine[],
): Promise<Map<string, string>> {
  const paidAt = input.issuedAt.toISOString();
  const ids = `{${lines.map((line) => line.paymentId).join(',')}}`;
  const amounts = `{${lines.map((line) => line.amountPaise).join(',')}}`;
  const rows = await queryRows<{ id: string; member_id: string }>(
    tx,
    sql`update payments p
          set status = 'paid', paid_amount_paise = l.amount_paise, paid_at = ${paidAt},
              payment_method = ${input.paymentMethod}, payment_gateway = ${input.paymentGateway},
              collection_mode = ${input.collectionMode}, collected_by = ${input.collectedBy},
              transaction_id = ${input.transactionId}, pg_transaction_id = ${input.pgTransactionId},
              notes = ${input.notes}, is_test = ${input.isTest ?? false}, updated_at = ${paidAt}
          from unnest(${ids}::uuid[], ${amounts}::bigint[]) as l(payment_id, amount_paise), payment_heads h
          where p.id = l.payment_id and (${memberId}::uuid is null or p.member_id = ${memberId})
            and p.status = 'pending' and h.id = p.payment_head_id
            and (not ${input.enforceDueAmount}::boolean
                 or (l.amount_paise >= p.amount_paise and (l.amount_paise = p.amount_paise or h.variable_amount)))
          returning p.id, p.member_id`,
  );
  return new Map(rows.map((row) => [row.id, row.member_id]));
}
