import { and, asc, inArray } from 'drizzle-orm';

import {
  GATEWAY_MSG,
  addPaise,
  paiseToRupees,
  ZERO_PAISE,
  type AttemptState,
  type Paise,
  type PaidTwice,
} from '@parish/shared';

import type { DbOrTx } from '../../db/client.ts';
import { paymentExceptions, paymentHeads } from '../../db/schema/index.ts';
import { groupRows, withPaymentHeads } from '../gateways/transaction-records.ts';

/**
 * Honest states of the member's online attempts (`docs/domain.md`, §2 "Transactions tab";
 * decision 0142): what the member is shown, derived only from facts already recorded. Display
 * only: nothing here changes a status, a hold or a rule of §4.
 */

/** The facts of a transaction row the display state is derived from. */
export interface AttemptFacts {
  status: 'pending' | 'success' | 'failed';
  statusCode: string | null;
  errorMessage: string | null;
  supersededAt: string | null;
  supersededBy: string | null;
}

/** Status codes with which a gateway reports a payment cancelled by the member (Worldline 0392; Razorpay's return). */
const CANCEL_CODES = new Set(['0392', 'cancelled']);
/** How both adapters word a checkout failed as abandoned after the checkout hold (§4 "Dual verification"). */
const ABANDONED_PREFIX = 'Checkout abandoned';

/**
 * The display state of one attempt:
 * - `success` → `paid` (a superseded one paid after all is paid too; its money for dues already
 *   paid is `paidTwice`);
 * - `pending`, superseded by the member's Cancel on the dashboard (`supersededAt` without
 *   `supersededBy`, §4 "Retry after an abandoned checkout") → `cancelled`, at once, although it is
 *   still re-checked and still holds its dues until the gateway answers;
 * - `pending`, superseded by a newer order → `superseded`;
 * - `pending` otherwise → `pending`;
 * - `failed`, answered cancelled by the gateway (Worldline 0392, Razorpay's cancel, 'Payment was
 *   cancelled by user'), or given up on the dashboard before it failed → `cancelled`;
 * - `failed` as abandoned after the checkout hold → `superseded` when a newer order had replaced
 *   it, else `expired`;
 * - `failed` otherwise → `failed`.
 */
export function attemptState(row: AttemptFacts): AttemptState {
  if (row.status === 'success') return 'paid';
  const cancelledOnDashboard = row.supersededAt !== null && row.supersededBy === null;
  if (row.status === 'pending') {
    if (cancelledOnDashboard) return 'cancelled';
    return row.supersededBy !== null ? 'superseded' : 'pending';
  }
  const answeredCancelled =
    (row.statusCode !== null && CANCEL_CODES.has(row.statusCode)) || row.errorMessage === GATEWAY_MSG.cancelledByUser;
  if (answeredCancelled) return 'cancelled';
  if (row.errorMessage?.startsWith(ABANDONED_PREFIX)) {
    if (cancelledOnDashboard) return 'cancelled';
    return row.supersededBy !== null ? 'superseded' : 'expired';
  }
  return 'failed';
}

/** Reasons of the refunds queue that mean "this due was already paid" (§4 "Refunds and exceptions"). */
const PAID_TWICE_REASONS = ['paid_twice', 'superseded_paid'];

/**
 * The money each of the given transactions (row ids) brought for dues already paid, from the
 * refunds queue's `paid_twice` and `superseded_paid` entries: by transaction row id, the total in
 * rupees, the dues by head name with their amounts in rupees, what the parish did with it
 * (`open` while any entry is open, else `applied` when any was applied to another due, else
 * `refunded`) and the latest refund date (yyyy-mm-dd) once refunded. Transactions without such
 * entries are absent from the map. One query, on the caller's handle (in the request's parish).
 */
export async function paidTwiceOf(db: DbOrTx, transactionRowIds: string[]): Promise<Map<string, PaidTwice>> {
  const found = new Map<string, PaidTwice>();
  if (transactionRowIds.length === 0) return found;
  const entriesOf = db
    .select({
      transactionRowId: paymentExceptions.transactionRowId,
      amountPaise: paymentExceptions.amountPaise,
      status: paymentExceptions.status,
      refundDate: paymentExceptions.refundDate,
      headName: paymentHeads.name,
    })
    .from(paymentExceptions)
    .$dynamic();
  const rows = await withPaymentHeads(entriesOf, paymentExceptions.paymentId)
    .where(
      and(
        inArray(paymentExceptions.transactionRowId, transactionRowIds),
        inArray(paymentExceptions.reason, PAID_TWICE_REASONS),
      ),
    )
    .orderBy(asc(paymentExceptions.createdAt), asc(paymentHeads.name));
  for (const [id, entries] of groupRows(rows, (row) => row.transactionRowId)) {
    let total: Paise = ZERO_PAISE;
    for (const entry of entries) total = addPaise(total, entry.amountPaise);
    const outcome = entries.some((entry) => entry.status === 'open')
      ? 'open'
      : entries.some((entry) => entry.status === 'applied')
        ? 'applied'
        : 'refunded';
    const dates = entries.map((entry) => entry.refundDate).filter((date): date is string => date !== null);
    found.set(id, {
      amount: paiseToRupees(total),
      dues: entries.map((entry) => ({ name: entry.headName ?? '', amount: paiseToRupees(entry.amountPaise) })),
      outcome,
      refundedOn: outcome === 'refunded' && dates.length > 0 ? dates.sort().at(-1)! : null,
    });
  }
  return found;
}
