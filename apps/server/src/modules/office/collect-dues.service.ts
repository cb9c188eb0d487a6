import { createHash } from 'node:crypto';

import { and, eq, isNull, sql } from 'drizzle-orm';

import {
  COLLECTION_MSG,
  ErrorCode,
  MSG,
  OFFICE_MSG,
  amountBelowDueMessage,
  amountFixedMessage,
  collectionAmountProblem,
  formatINR,
  paiseToRupees,
  rupeesToPaise,
  type CollectDuesInput,
  type CollectDuesResult,
  type Paise,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { idempotencyKeys, paymentHeads, payments, receiptItems, receipts } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { getMember } from '../members/members.service.ts';
import { markPaid } from '../payments/mark-paid.ts';
import { checkSheetOpen } from './cashier-days.ts';

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

/** The SHA-256 of a collection's validated body, the same for the same request whatever its key order. */
function requestHash(input: CollectDuesInput): string {
  const canonical = {
    memberId: input.memberId,
    items: input.items.map((item) => [item.paymentId, rupeesToPaise(item.amount)]),
    paymentMethod: input.paymentMethod,
    reference: input.reference ?? null,
    notes: input.notes ?? null,
    cheque: input.cheque ? [input.cheque.bank, input.cheque.number, input.cheque.date] : null,
    utr: input.utr ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Claims an `Idempotency-Key` for this caller inside the collection's transaction: the insert of
 * a key another transaction is inserting waits for it to end, so a concurrent double submit sees
 * the first one's committed answer.
 * @returns null when this request owns the key (do the work), else the first answer.
 * @throws 422 `IDEMPOTENCY_KEY_REUSED` when the key was used with a different body.
 */
async function claimKey(tx: DbOrTx, actorId: string, key: string, hash: string): Promise<CollectDuesResult | null> {
  const claimed = await queryRows<{ key: string }>(
    tx,
    sql`insert into idempotency_keys (actor_id, key, request_hash, response)
        values (${actorId}, ${key}, ${hash}, 'null'::jsonb)
        on conflict (actor_id, key) do nothing returning key`,
  );
  if (claimed.length > 0) return null;
  const [earlier] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key)));
  if (!earlier || earlier.requestHash !== hash) {
    throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED, OFFICE_MSG.idempotencyMismatch);
  }
  return earlier.response as CollectDuesResult;
}

/** 409 `DUPLICATE_UTR` when a receipt that stands already carries this UTR. */
async function checkUtrFree(tx: DbOrTx, utr: string | undefined): Promise<void> {
  if (!utr) return;
  const [taken] = await tx
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.utr, utr), isNull(receipts.voidedAt)));
  if (taken) throw conflict(OFFICE_MSG.utrTaken, ErrorCode.DUPLICATE_UTR);
}

/**
 * Collects several pending dues of one member at the office under ONE receipt (`docs/domain.md`,
 * "Collecting several dues"; `POST /api/collections`). All or nothing, in one database
 * transaction: the `Idempotency-Key` claimed first (when given), the UTR checked, {@link markPaid}
 * with every line (the counter's amount rule: never below the due, another amount only on a
 * variable head), one receipt with every line, its remarks, a cheque's details (status
 * `received`) or a UPI payment's UTR, then the audit event `receipt.collected`. Every pending due
 * may be collected: the arrears-first rule binds online orders, not the counter.
 * @param input.items amounts in rupees
 * @param idempotencyKey the request's `Idempotency-Key` header: the same key and body answer the
 *   first answer again (and collect nothing more)
 * @returns the receipt's id and number, its lines and total (rupees)
 * @throws 404 unknown member or a line not a due of this member; 409 `NOT_PENDING`; 400
 *   `AMOUNT_BELOW_DUE` / `AMOUNT_FIXED`; 409 `DUPLICATE_UTR`; 422 `IDEMPOTENCY_KEY_REUSED`.
 */
export async function collectDues(
  ctx: ServiceContext,
  input: CollectDuesInput,
  idempotencyKey?: string,
): Promise<CollectDuesResult> {
  const actor = actorOf(ctx);
  await getMember(ctx.db, input.memberId);
  const lines = input.items.map((item) => ({ paymentId: item.paymentId, amountPaise: rupeesToPaise(item.amount) }));
  const amounts = new Map(lines.map((line) => [line.paymentId, line.amountPaise]));
  const reference = input.utr ?? input.reference ?? null;
  let replay = false;
  let result: CollectDuesResult;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const hash = requestHash(input);
      if (idempotencyKey) {
        const earlier = await claimKey(tx, actor.id, idempotencyKey, hash);
        if (earlier) {
          replay = true;
          return earlier;
        }
      }
      await checkSheetOpen(ctx, tx);
      await checkUtrFree(tx, input.utr);
      const marked = await markPaid(tx, ctx.config.parishTimezone, {
        memberId: input.memberId,
        lines,
        issuedAt: ctx.clock.now(),
        paymentMethod: input.paymentMethod,
        paymentGateway: 'manual',
        collectionMode: 'manual',
        collectedBy: actor.id,
        transactionId: reference,
        pgTransactionId: reference,
        notes: input.notes ?? null,
        cheque: input.cheque ?? null,
        utr: input.utr ?? null,
        enforceDueAmount: true,
        onNotUpdated: (paymentId, attempt) =>
          explainLineNotPaid(
            tx,
            { paymentId, amountPaise: amounts.get(paymentId) ?? 0, memberId: input.memberId },
            attempt,
          ),
      });
      if (!marked.receipt) throw new Error('a collection paid nothing');
      const items = await tx
        .select({
          paymentId: receiptItems.paymentId,
          headName: receiptItems.headName,
          headYear: receiptItems.headYear,
          amountPaise: receiptItems.amountPaise,
        })
        .from(receiptItems)
        .where(eq(receiptItems.receiptId, marked.receipt.id))
        .orderBy(receiptItems.line);
      const totalPaise = items.reduce((sum, item) => sum + item.amountPaise, 0);
      const answer: CollectDuesResult = {
        success: true,
        message: OFFICE_MSG.collected,
        receiptId: marked.receipt.id,
        receiptNumber: marked.receipt.number,
        items: items.map((item) => ({
          paymentId: item.paymentId ?? '',
          headName: item.headName,
          headYear: item.headYear,
          amount: paiseToRupees(item.amountPaise),
        })),
        total: paiseToRupees(totalPaise),
      };
      await recordAudit(tx, ctx.audit, {
        action: 'receipt.collected',
        entityType: 'receipt',
        entityId: marked.receipt.id,
        after: {
          receiptNumber: marked.receipt.number,
          memberId: input.memberId,
          method: input.paymentMethod,
          reference,
          utr: input.utr ?? null,
          cheque: input.cheque ?? null,
          notes: input.notes ?? null,
          total: answer.total,
          lines: answer.items.map((item) => ({
            paymentId: item.paymentId,
            head: `${item.headName} ${item.headYear}`,
            amount: item.amount,
          })),
        },
      });
      if (idempotencyKey) {
        await tx
          .update(idempotencyKeys)
          .set({ response: answer })
          .where(and(eq(idempotencyKeys.actorId, actor.id), eq(idempotencyKeys.key, idempotencyKey)));
      }
      return answer;
    });
  } catch (error) {
    // Two UPI collections racing with one UTR: the unique index refuses the second.
    if (isUniqueViolation(error, ['receipts_utr_uq'])) throw conflict(OFFICE_MSG.utrTaken, ErrorCode.DUPLICATE_UTR);
    throw error;
  }
  if (!replay) {
    ctx.events.publish({
      type: 'payment.updated',
      memberId: input.memberId,
      data: { paymentIds: result.items.map((item) => item.paymentId), status: 'paid', via: 'manual' },
    });
  }
  return result;
}
