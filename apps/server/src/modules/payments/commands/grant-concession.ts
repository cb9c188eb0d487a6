import { sql } from 'drizzle-orm';

import {
  CONCESSION_AMOUNT_MESSAGE,
  ErrorCode,
  MSG,
  ZERO_PAISE,
  ZERO_RUPEES,
  paise,
  paiseOfSum,
  paiseToRupees,
  rupeesToPaise,
  type ConcessionInput,
  type PaymentRecord,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { queryRows } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { findPaymentRecord } from '../payment-record.ts';
import { paymentHeld } from '../ledger/checkout-hold.ts';

/** 409 message: only a pending due can be lowered or waived. */
export const CONCESSION_NOT_PENDING_MESSAGE = 'Only a pending due can be lowered or waived';
/** 409 message: an online checkout of the due is in progress. */
export const CONCESSION_IN_CHECKOUT_MESSAGE =
  'An online payment of this due is in progress; try again when it has finished';

/**
 * `POST /api/payments/{id}/concession` (admin; `docs/domain.md`, §4 "Concessions"): lowers or
 * waives a member's pending due, in ONE transaction with its audit event
 * `payment.concession_granted`.
 * - `lower`: the due stays pending at `amount` (rupees, above 0 and below the due); the
 *   difference is added to `concession_paise`.
 * - `waive`: the status becomes `waived` and the whole due moves to `concession_paise`, leaving
 *   `amount_paise` 0: the due is not outstanding anywhere (dashboard, reports, portal, reminders,
 *   the arrears-first gate all count pending or failed payments only), and reports show the
 *   concessions as their own figure.
 * The payment row is locked first (`FOR UPDATE`, `docs/ARCHITECTURE.md`, "Lock order"); the
 * summary triggers update the figures in the same statement. A due in an online checkout still
 * in progress is refused: the gateway is asked for the amount the order was made with.
 * After the commit, `payment.updated` (via `concession`) for the member.
 * @returns the payment after the change (Payment JSON with its concession)
 * @throws 404 unknown payment; 409 `NOT_PENDING` {@link CONCESSION_NOT_PENDING_MESSAGE}; 409
 *   `CHECKOUT_IN_PROGRESS`; 400 {@link CONCESSION_AMOUNT_MESSAGE} (field `amount`) for a lowered
 *   amount not below the due
 */
export async function grantConcession(
  ctx: ServiceContext,
  paymentId: string,
  input: ConcessionInput,
): Promise<PaymentRecord> {
  const admin = actorOf(ctx);
  const now = ctx.clock.now().toISOString();
  const record = await ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<{ status: string; amount: unknown; concession: unknown; member_id: string }>(
      tx,
      sql`select status::text as status, amount_paise as amount, concession_paise as concession, member_id::text as member_id
            from payments where id = ${paymentId} for update`,
    );
    if (!row) throw notFound(MSG.notFound);
    if (row.status !== 'pending' && row.status !== 'failed') {
      throw conflict(CONCESSION_NOT_PENDING_MESSAGE, ErrorCode.NOT_PENDING);
    }
    const [checkout] = await queryRows<{ held: boolean }>(
      tx,
      sql`select ${paymentHeld(sql`${paymentId}::uuid`)} as held`,
    );
    if (checkout?.held) throw conflict(CONCESSION_IN_CHECKOUT_MESSAGE, ErrorCode.CHECKOUT_IN_PROGRESS);
    const duePaise = paiseOfSum(row.amount);
    const beforeConcession = paiseOfSum(row.concession);
    const newPaise = input.kind === 'waive' ? ZERO_PAISE : rupeesToPaise(input.amount ?? ZERO_RUPEES);
    if (input.kind === 'lower' && (newPaise <= 0 || newPaise >= duePaise)) {
      throw badRequest(CONCESSION_AMOUNT_MESSAGE, 'amount');
    }
    const status = input.kind === 'waive' ? 'waived' : row.status;
    const concessionPaise = paise(beforeConcession + duePaise - newPaise);
    await tx.execute(
      sql`update payments set amount_paise = ${newPaise}, concession_paise = ${concessionPaise},
                 status = ${status}::payment_status, concession_reason = ${input.reason},
                 concession_note = ${input.note}, conceded_by = ${admin.type === 'staff' ? admin.id : null},
                 conceded_at = ${now}, updated_at = ${now}
           where id = ${paymentId}`,
    );
    await recordAudit(tx, ctx.audit, {
      action: 'payment.concession_granted',
      entityType: 'payment',
      entityId: paymentId,
      before: {
        status: row.status as 'pending' | 'failed',
        amount: paiseToRupees(duePaise),
        concession: paiseToRupees(beforeConcession),
        memberId: row.member_id,
      },
      after: {
        kind: input.kind,
        status: status as 'pending' | 'failed' | 'waived',
        amount: paiseToRupees(newPaise),
        concession: paiseToRupees(concessionPaise),
        reason: input.reason,
        note: input.note,
      },
    });
    const after = await findPaymentRecord(tx, paymentId);
    if (!after) throw notFound(MSG.notFound);
    return after;
  });
  ctx.events.publish({
    type: 'payment.updated',
    memberId: record.memberId._id,
    data: { paymentIds: [paymentId], status: record.status === 'waived' ? 'waived' : 'pending', via: 'concession' },
  });
  return record;
}
