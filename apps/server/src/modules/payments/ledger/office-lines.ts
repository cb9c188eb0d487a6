import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import {
  COLLECTION_MSG,
  ErrorCode,
  MSG,
  OFFICE_MSG,
  amountBelowDueMessage,
  amountFixedMessage,
  cashLimitMessage,
  cashLimitReached,
  collectionAmountProblem,
  formatINR,
  lineAboveLimit,
  lineAboveLimitMessage,
  lineLimitPaise,
  paiseOfSum,
  sumPaise,
  type CollectDuesInput,
  type CollectDuesResult,
  type Paise,
  type PaymentRecord,
} from '@parish/shared';

import type { DbOrTx } from '../../../db/client.ts';
import { members, parishSettings, paymentHeads, payments, receipts } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../lib/app-error.ts';
import { dayClosedSql } from './cashier-days.ts';
import type { IdempotencyClaim } from './idempotency-keys.ts';
import type { LockedPayment } from './mark-paid.ts';
import type { ReceiptFacts, ReceiptLine } from './receipts.ts';

/** A collection at the office counter (`collectAtOffice`, `payments/commands/collect-at-office.ts`): the dues, the amounts received (paise) and how they were paid. */
export interface OfficeCollection {
  /**
   * The member every line must belong to (`POST /api/collections`); null for the single collect
   * (`POST /api/payments/{id}/collect`), one line that names only its payment.
   */
  memberId: string | null;
  lines: readonly ReceiptLine[];
  paymentMethod: CollectDuesInput['paymentMethod'];
  /** The payment reference (a UPI collection's UTR), kept as transaction id and gateway reference. */
  reference: string | null;
  notes: string | null;
  cheque: ReceiptFacts['cheque'];
  utr: string | null;
  /** The request's `Idempotency-Key` (decision 0022); a collection of several dues only. */
  idempotency?: IdempotencyClaim | undefined;
}

/** What a collection (`collectAtOffice`) did: its receipt answer and the payments as paid (none on a replay). */
export interface OfficeCollected {
  /** The receipt with its lines (`POST /api/collections`); the first answer again on a repeated key; null for the single collect. */
  answer: CollectDuesResult | null;
  /** Every payment paid, as Payment JSON (the single collect's answer), from the locked rows. */
  payments: PaymentRecord[];
}

/**
 * The payments of an office collection as locked, with what its answer and audit need: the
 * payment row, its member and head, the collecting staff member's name and whether their sheet
 * of today is closed (`docs/domain.md`, "Day close").
 */
export interface OfficeLineRow {
  payment: typeof payments.$inferSelect;
  member: { id: string; name: string; parishNumber: string; mobile: string };
  head: typeof paymentHeads.$inferSelect;
  collectorName: string | null;
  dayClosed: boolean;
  /** The parish's bound on one line, paise; null when not set (one crore: `lineLimitPaise`). */
  lineLimitPaise: Paise | null;
  /** The member's cash receipts of the parish day `today` that stand (not voided), paise (section 269ST). */
  memberCashTodayPaise: Paise;
}

/**
 * Serialises cash collections per member (section 269ST, decision 0106): a transaction-scoped
 * advisory lock on each member of `paymentIds` (in the current parish), taken in key order BEFORE
 * the lines are locked, so that a second cash collection for the same member waits until the first
 * commits and its locking read ({@link lockOfficeLines}) then sums the first one's receipt. The
 * lock holds no row and is taken while the transaction holds none of the ledger's row locks, so it
 * adds no cycle to the lock order (`docs/ARCHITECTURE.md`, "Lock order"). Unknown ids lock nothing.
 * @param paymentIds the collection's payment ids
 */
export async function lockMembersCash(tx: DbOrTx, paymentIds: readonly string[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cash-269st'), key)
                         from (select distinct hashtext(${payments.parishId}::text || ':' || ${payments.memberId}::text) as key
                                 from ${payments} where ${inArray(payments.id, [...paymentIds])}
                                order by key) keys`);
}

/**
 * Locks the payments of an office collection in payment-id order (`SELECT … FOR UPDATE OF
 * payments`, which waits for a concurrent collection or reversal and then reads the row as
 * committed; `docs/ARCHITECTURE.md`, "Lock order") and reads, in the SAME statement, their member
 * and head, the collector's name and whether the collector's day `today` (a parish date) is
 * closed, the parish's bound on one line and the member's cash of the day that stands: one round
 * trip for what the collection checks (decision 0057). Unknown ids are absent.
 * @param collector the collecting staff member, `today` (a parish date, `yyyy-mm-dd`) and the
 *   parish time zone (the member's cash is summed over that parish day)
 */
export async function lockOfficeLines(
  tx: DbOrTx,
  paymentIds: readonly string[],
  collector: { id: string; today: string; timeZone: string },
): Promise<OfficeLineRow[]> {
  return tx
    .select({
      payment: payments,
      member: { id: members.id, name: members.name, parishNumber: members.parishNumber, mobile: members.mobile },
      head: paymentHeads,
      collectorName: sql<string | null>`(select name from staff_users where id = ${collector.id})`,
      dayClosed: dayClosedSql(collector.id, collector.today),
      lineLimitPaise: sql<Paise | null>`(select ${parishSettings.maxLinePaise} from ${parishSettings}
                                          where ${parishSettings.id} = 1)`.mapWith((value) =>
        value === null ? null : paiseOfSum(value),
      ),
      memberCashTodayPaise: sql<Paise>`(select coalesce(sum(r.total_paise), 0) from receipts r
          where r.member_id = ${payments.memberId} and r.payment_method = 'cash' and r.voided_at is null
            and (r.issued_at at time zone ${collector.timeZone})::date = ${collector.today}::date)`.mapWith(paiseOfSum),
    })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .where(inArray(payments.id, [...paymentIds]))
    .orderBy(payments.id)
    .for('update', { of: payments });
}

/**
 * The limits on money at the counter (`docs/domain.md`, §4 "Limits on one line" and "Cash of
 * ₹2,00,000 or more"; decisions 0105, 0106), on the locked rows: every line at most the bound in
 * force; cash that would bring the member's cash of the day (receipts that stand) to ₹2,00,000 or
 * more is refused (Income-tax Act section 269ST).
 * @throws 400 `AMOUNT_ABOVE_LIMIT` (field `collectionAmount`); 400 `CASH_LIMIT_269ST` (field `paymentMethod`)
 */
export function checkOfficeLimits(rows: readonly OfficeLineRow[], input: OfficeCollection): void {
  const [first] = rows;
  if (!first) return;
  const limit = lineLimitPaise(first.lineLimitPaise);
  if (input.lines.some((line) => lineAboveLimit(line.amountPaise, limit))) {
    throw badRequest(lineAboveLimitMessage(formatINR(limit)), 'collectionAmount', ErrorCode.AMOUNT_ABOVE_LIMIT);
  }
  if (input.paymentMethod !== 'cash') return;
  const cashNow = sumPaise(input.lines.map((line) => line.amountPaise));
  if (cashLimitReached(first.memberCashTodayPaise, cashNow)) {
    throw badRequest(
      cashLimitMessage(formatINR(first.memberCashTodayPaise)),
      'paymentMethod',
      ErrorCode.CASH_LIMIT_269ST,
    );
  }
}

/** The locked rows as `markPaid` takes them, by payment id. */
export function lockedPayments(rows: readonly OfficeLineRow[]): Map<string, LockedPayment> {
  return new Map(
    rows.map((row) => [
      row.payment.id,
      {
        memberId: row.payment.memberId,
        status: row.payment.status,
        amountPaise: row.payment.amountPaise,
        variableAmount: row.head.variableAmount,
      },
    ]),
  );
}

/**
 * Why a line of a collection was not paid, on the row as it now stands (`docs/domain.md`,
 * "Effective amount"): a line of another member, or unknown, is 404; one not pending 409
 * `NOT_PENDING`; an amount below the due 400 `AMOUNT_BELOW_DUE`, another amount on a fixed head
 * 400 `AMOUNT_FIXED`; otherwise a reversal committed while the update waited, and the line is
 * tried again (at most twice).
 * @param memberId the member every line must belong to; null for the single collect, which names
 *   only the payment
 * @throws the errors above, which roll the whole collection back
 */
export async function explainLineNotPaid(
  tx: DbOrTx,
  line: { paymentId: string; amountPaise: Paise; memberId: string | null },
  attempt: number,
): Promise<'retry'> {
  const [current] = await tx
    .select({
      status: payments.status,
      memberId: payments.memberId,
      amountPaise: payments.amountPaise,
      variable: paymentHeads.variableAmount,
    })
    .from(payments)
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .where(eq(payments.id, line.paymentId));
  if (!current) throw notFound(line.memberId ? OFFICE_MSG.notMemberDue : MSG.notFound);
  if (line.memberId !== null && current.memberId !== line.memberId) throw notFound(OFFICE_MSG.notMemberDue);
  if (current.status !== 'pending') throw conflict(COLLECTION_MSG.notPending, ErrorCode.NOT_PENDING);
  const problem = collectionAmountProblem(current.amountPaise, current.variable, line.amountPaise);
  const due = formatINR(current.amountPaise);
  if (problem === 'below_due') {
    throw badRequest(amountBelowDueMessage(due), 'collectionAmount', ErrorCode.AMOUNT_BELOW_DUE);
  }
  if (problem === 'fixed') throw badRequest(amountFixedMessage(due), 'collectionAmount', ErrorCode.AMOUNT_FIXED);
  if (attempt >= 2) throw conflict(COLLECTION_MSG.notPending, ErrorCode.NOT_PENDING);
  return 'retry';
}

/** 409 `DUPLICATE_UTR` when a receipt that stands already carries this UTR (`docs/domain.md`, "UPI at the counter"). */
export async function checkUtrFree(tx: DbOrTx, utr: string | null): Promise<void> {
  if (!utr) return;
  const [taken] = await tx
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.utr, utr), isNull(receipts.voidedAt)));
  if (taken) throw conflict(OFFICE_MSG.utrTaken, ErrorCode.DUPLICATE_UTR);
}
