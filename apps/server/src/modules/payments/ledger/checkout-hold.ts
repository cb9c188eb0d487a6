import { sql, type Placeholder, type SQL } from 'drizzle-orm';

import type { Tx } from '../../../db/client.ts';

/**
 * The one rule of an online checkout holding its dues (`docs/domain.md`, §4 "Checkout hold";
 * decisions 0019 and 0113). Every check of "an online payment of this due is in progress" — tag
 * saves (re-price and `replacePending`), Cancel tags, concessions, the dues CSV, deleting a member's
 * or a head's dues, the staff's `checkoutInProgress` and the member portal's — is built from
 * {@link holdingCheckout} here, so they cannot disagree:
 *
 * - a checkout **holds** its payments while its gateway has not answered it final
 *   (`transactions.status = 'pending'`), superseded or not, whatever its age: it may still be paid,
 *   and money that then arrives for a due changed since goes to the refunds queue (decision 0019);
 * - a checkout the gateway answered **failed** (or **success**: its due is paid) holds nothing.
 *
 * The member's **open** checkout (the portal's Continue / Cancel, the one a new order supersedes) is
 * a holding checkout not yet superseded ({@link openCheckout}).
 */

/** The `transactions` row of the rule's statements, aliased `t`. */
const T = sql.raw('t');

/**
 * SQL condition: the checkout (a `transactions` row, aliased `t` unless `row` names it otherwise,
 * e.g. `transactions` in a Drizzle query) holds its payments.
 */
export function holdingCheckout(row: SQL = T): SQL {
  return sql`${row}.status = 'pending'`;
}

/** SQL condition: a holding checkout (as {@link holdingCheckout}) that the member may still continue or cancel. */
export function openCheckout(row: SQL = T): SQL {
  return sql`${holdingCheckout(row)} and ${row}.superseded_at is null`;
}

/**
 * SQL boolean: the payment whose id is `paymentId` (a column or value) is held by an online
 * checkout ({@link holdingCheckout}).
 */
export function paymentHeld(paymentId: SQL): SQL {
  return sql`exists (select 1 from transaction_items hi join transactions t on t.id = hi.transaction_id
                     where hi.payment_id = ${paymentId} and ${holdingCheckout()})`;
}

/**
 * SQL statement (one column, `payment_id`) of the member's payments held by a checkout: every
 * holding one (`open: false`: staff's view) or only the member's open ones (`open: true`: the portal).
 * @param memberId the member's id, as a value or a placeholder of a prepared statement
 */
export function heldPaymentIdsSql(memberId: string | Placeholder, open: boolean): SQL {
  return sql`select distinct i.payment_id from transaction_items i join transactions t on t.id = i.transaction_id
             where t.member_id = ${memberId} and ${open ? openCheckout() : holdingCheckout()}`;
}

/**
 * Before pending dues that no checkout holds are deleted (tag revocation, a member's or a head's
 * dues), the items of the final checkouts (failed, or success whose money went to the refunds
 * queue) that name them are removed, so the delete is not refused by their reference; the
 * checkouts themselves stay, with their amount, status and audit trail. Runs inside the caller's
 * transaction, before its delete.
 * @param duesCondition SQL condition on `p` (a `payments` row) choosing the dues about to be deleted
 */
export async function releaseFinalCheckoutItems(tx: Tx, duesCondition: SQL): Promise<void> {
  await tx.execute(
    sql`delete from transaction_items ri
        using transactions t, payments p
        where t.id = ri.transaction_id and p.id = ri.payment_id and not (${holdingCheckout()})
          and p.status <> 'paid' and (${duesCondition}) and not ${paymentHeld(sql`p.id`)}`,
  );
}
