import { ErrorCode, HEAD_HAS_PAID_MESSAGE } from '@parish/shared';
import { and, eq, sql } from 'drizzle-orm';

import type { Tx } from '../../../db/client.ts';
import { payments } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/app-error.ts';
import { paymentHeld, releaseFinalCheckoutItems } from '../ledger/checkout-hold.ts';

/**
 * Deleting dues with their member's or head's change (`docs/domain.md`, §5 "Members" and
 * "Account heads"): run inside the caller's transaction, which has taken the data versions first
 * (`lockDataVersions`, `docs/ARCHITECTURE.md`, "Lock order") and locked the member or the head, and
 * which writes the audit event of the whole change and publishes its event after the commit.
 * A due an online checkout holds (`ledger/checkout-hold.ts`: its gateway has not answered) is never
 * deleted: that checkout may still be paid. Items of final checkouts naming a deleted due are
 * removed first ({@link releaseFinalCheckoutItems}).
 */

/** SQL: no online checkout holds the payment (qualified by hand, inside Drizzle's delete). */
const notInCheckout = sql`not ${paymentHeld(sql`"payments"."id"`)}`;

/**
 * A deactivated member's pending dues that no online checkout refers to are deleted (revoked);
 * paid history stays.
 * @returns the payments deleted, with their head
 */
export async function deletePendingDuesOfMember(
  tx: Tx,
  memberId: string,
): Promise<{ id: string; paymentHeadId: string }[]> {
  await releaseFinalCheckoutItems(tx, sql`p.member_id = ${memberId} and p.status = 'pending'`);
  return tx
    .delete(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.status, 'pending'), notInCheckout))
    .returning({ id: payments.id, paymentHeadId: payments.paymentHeadId });
}

/**
 * A deleted head's dues go with it: every one, none paid (checked under the head's lock), none in
 * an online checkout.
 * @returns the payments deleted, with their member
 * @throws 409 `HEAD_HAS_PAID_PAYMENTS` {@link HEAD_HAS_PAID_MESSAGE} while any due of the head is
 *   paid; 409 `CHECKOUT_IN_PROGRESS` while an online checkout still refers to one.
 */
export async function deleteDuesOfHead(tx: Tx, headId: string): Promise<{ id: string; memberId: string }[]> {
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.paymentHeadId, headId), eq(payments.status, 'paid')))
    .limit(1);
  if (paid) throw conflict(HEAD_HAS_PAID_MESSAGE, ErrorCode.HEAD_HAS_PAID_PAYMENTS);
  await releaseFinalCheckoutItems(tx, sql`p.payment_head_id = ${headId}`);
  const deleted = await tx
    .delete(payments)
    .where(and(eq(payments.paymentHeadId, headId), notInCheckout))
    .returning({ id: payments.id, memberId: payments.memberId });
  const [left] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.paymentHeadId, headId)).limit(1);
  if (left) {
    throw conflict(
      'Cannot delete a payment head while an online payment of it is in progress',
      ErrorCode.CHECKOUT_IN_PROGRESS,
    );
  }
  return deleted;
}
