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
 * writes the caller's audit record. Each line is a conditional `UPDATE … WHERE status =
 * 'pending'` (never select-then-update), taken in payment-id order so that concurrent callers
 * lock rows in one order; of any number of concurrent attempts on one payment exactly one
 * succeeds. Then, when any line was paid, one receipt of the financial year is issued for the paid
 * lines ({@link issueReceipt}).
 * Sets on each paid payment: paidAmount (the line's amount), paidAt, method, gateway, collection
 * mode, collector, transaction ids, notes, and its receipt.
 */
export async function markPaid(tx: DbOrTx, timeZone: string, input: MarkPaidInput): Promise<MarkPaidResult> {
  const lines = [...input.lines].sort((a, b) => (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0));
  const paid: ReceiptLine[] = [];
  const notPaid: ReceiptLine[] = [];
  let memberId = input.memberId;
  for (const line of lines) {
    let owner = await markLinePaid(tx, input, memberId, line);
    for (let attempt = 0; owner === null && input.onNotUpdated; attempt += 1) {
      if ((await input.onNotUpdated(line.paymentId, attempt)) === 'skip') break;
      owner = await markLinePaid(tx, input, memberId, line);
    }
    memberId ??= owner;
    (owner === null ? notPaid : paid).push(line);
  }
  const receipt =
    memberId !== null && paid.length > 0 ? await issueReceipt(tx, timeZone, { ...input, memberId }, paid) : null;
  return { receipt, paid, notPaid };
}

/** One line's conditional update pending → paid; the payment's member when it was updated, else null. */
async function markLinePaid(
  tx: DbOrTx,
  input: MarkPaidInput,
  memberId: string | null,
  line: ReceiptLine,
): Promise<string | null> {
  const paidAt = input.issuedAt.toISOString();
  const rows = await queryRows<{ member_id: string }>(
    tx,
    sql`update payments p
          set status = 'paid', paid_amount_paise = ${line.amountPaise}, paid_at = ${paidAt},
              payment_method = ${input.paymentMethod}, payment_gateway = ${input.paymentGateway},
              collection_mode = ${input.collectionMode}, collected_by = ${input.collectedBy},
              transaction_id = ${input.transactionId}, pg_transaction_id = ${input.pgTransactionId},
              notes = ${input.notes}, updated_at = ${paidAt}
          from payment_heads h
          where p.id = ${line.paymentId} and (${memberId}::uuid is null or p.member_id = ${memberId}) and p.status = 'pending'
            and h.id = p.payment_head_id
            and (not ${input.enforceDueAmount}::boolean
                 or (${line.amountPaise} >= p.amount_paise and (${line.amountPaise} = p.amount_paise or h.variable_amount)))
          returning p.member_id`,
  );
  return rows[0]?.member_id ?? null;
}
