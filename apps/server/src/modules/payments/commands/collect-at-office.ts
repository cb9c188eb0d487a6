import { COLLECTION_MSG, ErrorCode, OFFICE_MSG, ZERO_PAISE, calendarDateIn } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { conflict } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { checkSheetOpen } from '../ledger/cashier-days.ts';
import { claimKey, storeAnswer } from '../ledger/idempotency-keys.ts';
import { markPaid } from '../ledger/mark-paid.ts';
import {
  checkOfficeLimits,
  checkUtrFree,
  explainLineNotPaid,
  lockMembersCash,
  lockOfficeLines,
  lockedPayments,
  type OfficeCollected,
  type OfficeCollection,
} from '../ledger/office-lines.ts';
import {
  officeFacts,
  paidRecord,
  paymentCollectedAudit,
  publishCollected,
  receiptAnswer,
  receiptCollectedEntry,
} from '../ledger/office-receipt.ts';
import { parishTimeZone } from '../../settings/parish-time-zone.ts';
import { queueReceiptDocument, receiptDocumentsOnKept } from '../../reminders/notifications.ts';

/**
 * Collects pending dues of one member at the office under ONE receipt (`docs/domain.md`,
 * "Collecting several dues" and "§7 API", collect): the one command of both collect routes, in
 * one database transaction, all or nothing.
 * 1. Check and lock: the `Idempotency-Key` claimed first (its earlier answer is returned as it
 *    was); the lines locked with their member, head and the closed-sheet flag in one statement
 *    (409 `SHEET_CLOSED`); the limits on money (400 `AMOUNT_ABOVE_LIMIT`: a line above the bound
 *    in force; 400 `CASH_LIMIT_269ST`: the member's cash of the day would reach ₹2,00,000,
 *    decisions 0105, 0106; cash collections of one member wait for each other first,
 *    `lockMembersCash`, so the day's cash is summed after the other commits; not on PGlite, whose
 *    one connection runs one transaction at a time, decision 0156); the UTR free among standing receipts (409 `DUPLICATE_UTR`).
 * 2. Write and issue: `markPaid` with every line and the counter's amount rule (never below the
 *    due, another amount only on a variable head); any refused line rolls everything back
 *    (404 not a due, 409 `NOT_PENDING`, 400 `AMOUNT_BELOW_DUE` / `AMOUNT_FIXED`). Every pending due
 *    may be collected: the arrears-first rule binds online orders, not the counter.
 * 3. Audit: the single collect's `payment.collected` is written by the receipt's own statement
 *    (BEGIN, two statements, COMMIT: decision 0057); a collection of several dues reads its
 *    receipt's lines for its answer and writes `receipt.collected`, and keeps its answer under its key.
 * 4. The receipt's WhatsApp document queued in the same transaction when the parish sends them
 *    (`queueReceiptDocument`, decision 0141; asked before the transaction from a 5 s memory,
 *    `receiptDocumentsOnKept`, and again inside it, decision 0156).
 * 5. After the commit, `payment.updated` (via `manual`) for the member, unless replayed.
 * @throws the refusals above; 422 `IDEMPOTENCY_KEY_REUSED` when the key came with another body.
 */
export async function collectAtOffice(ctx: ServiceContext, input: OfficeCollection): Promise<OfficeCollected> {
  const actor = actorOf(ctx);
  const issuedAt = ctx.clock.now();
  const timeZone = await parishTimeZone(ctx);
  const amounts = new Map(input.lines.map((line) => [line.paymentId, line.amountPaise]));
  const facts = officeFacts(input, actor.id, issuedAt);
  const sendsReceipts = await receiptDocumentsOnKept(ctx);
  const done = await ctx.db
    .transaction(async (tx) => {
      const earlier = input.idempotency ? await claimKey(tx, actor.id, input.idempotency) : null;
      if (earlier) return { answer: earlier, payments: [], replayed: true };
      const today = calendarDateIn(issuedAt, timeZone);
      // PGlite runs one transaction at a time: no other cash collection can come in between, and
      // the advisory lock was a statement of every cash collection for nothing (decision 0156).
      if (input.paymentMethod === 'cash' && ctx.database.kind !== 'pglite') {
        await lockMembersCash(tx, [...amounts.keys()]);
      }
      const rows = await lockOfficeLines(tx, [...amounts.keys()], { id: actor.id, today, timeZone });
      if (rows[0]?.dayClosed) throw conflict(OFFICE_MSG.todayClosed, ErrorCode.SHEET_CLOSED);
      if (!rows[0]) await checkSheetOpen(ctx, tx);
      checkOfficeLimits(rows, input);
      await checkUtrFree(tx, input.utr);
      const asPaid = (receipt: { id: string; number: string } | null) =>
        rows.map((row) => paidRecord(row, facts, amounts.get(row.payment.id) ?? ZERO_PAISE, receipt));
      const [single] = input.memberId === null ? asPaid(null) : [];
      const { memberId } = input;
      const marked = await markPaid(
        tx,
        timeZone,
        {
          ...facts,
          memberId,
          lines: input.lines,
          cheque: input.cheque,
          utr: input.utr,
          enforceDueAmount: true,
          onNotUpdated: (paymentId, attempt) =>
            explainLineNotPaid(tx, { paymentId, amountPaise: amounts.get(paymentId) ?? ZERO_PAISE, memberId }, attempt),
          audit: single && paymentCollectedAudit(ctx.audit, single),
        },
        lockedPayments(rows),
      );
      if (!marked.receipt) throw conflict(COLLECTION_MSG.notPending, ErrorCode.NOT_PENDING);
      const payments = asPaid(marked.receipt);
      const owner = payments[0]?.memberId._id;
      if (sendsReceipts && owner) {
        await queueReceiptDocument(tx, { config: ctx.config, memberId: owner, receiptId: marked.receipt.id });
      }
      if (memberId === null) return { answer: null, payments, replayed: false };
      const answer = await receiptAnswer(tx, marked.receipt);
      const method = input.paymentMethod;
      await recordAudit(tx, ctx.audit, receiptCollectedEntry(answer, { ...input, memberId, method }));
      if (input.idempotency) await storeAnswer(tx, actor.id, input.idempotency.key, answer);
      return { answer, payments, replayed: false };
    })
    .catch((error: unknown) => {
      // Two UPI collections racing with one UTR: the unique index refuses the second.
      if (isUniqueViolation(error, ['receipts_utr_uq'])) throw conflict(OFFICE_MSG.utrTaken, ErrorCode.DUPLICATE_UTR);
      throw error;
    });
  if (!done.replayed) publishCollected(ctx, done.payments);
  return { answer: done.answer, payments: done.payments };
}
