import { ErrorCode, MSG, REFUND_MSG, ZERO_PAISE, type ExceptionReason, type Paise } from '@parish/shared';
import { eq } from 'drizzle-orm';

import type { Tx } from '../../../db/client.ts';
import { paymentExceptions } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/app-error.ts';

/**
 * The refunds and exceptions queue's ledger side (`docs/domain.md`, §4 "Refunds and exceptions"):
 * online money that could not be applied to the dues it was meant for goes in here, inside the
 * settlement that found it; `payments/commands/record-refund.ts` and `apply-refund.ts` take it out.
 */

/** Money to queue, from a settlement (inside its database transaction). */
export interface QueuedMoney {
  /** The row id of the online transaction that brought the money. */
  transactionRowId: string;
  memberId: string;
  /** The due it was meant for, when one. */
  paymentId: string | null;
  reason: ExceptionReason;
  amountPaise: Paise;
  gatewayReference: string | null;
  /**
   * Money the gateway returns by itself (`not_captured`, decision 0120): listed already closed,
   * `refunded` at `resolvedAt` (ISO UTC) with this note, nothing remaining; never "pending".
   */
  returnedByGateway?: { note: string; resolvedAt: string } | undefined;
}

/**
 * Puts money in the queue inside the caller's transaction (a settlement); once per transaction,
 * reason and payment (a repeated settlement adds nothing).
 */
export async function queueException(tx: Tx, money: QueuedMoney): Promise<void> {
  const { returnedByGateway, ...entry } = money;
  await tx
    .insert(paymentExceptions)
    .values(
      returnedByGateway
        ? { ...entry, remainingPaise: ZERO_PAISE, status: 'refunded', ...returnedByGateway }
        : { ...entry, remainingPaise: money.amountPaise, status: 'open' },
    )
    .onConflictDoNothing();
}

/**
 * Locks an open entry of the queue, first in its transaction (`docs/ARCHITECTURE.md`, "Lock order").
 * @throws 404 unknown entry; 409 `NOT_PENDING` when already closed.
 */
export async function lockOpenEntry(tx: Tx, id: string) {
  const [row] = await tx.select().from(paymentExceptions).where(eq(paymentExceptions.id, id)).for('update');
  if (!row) throw notFound(MSG.notFound);
  if (row.status !== 'open') throw conflict(REFUND_MSG.notOpen, ErrorCode.NOT_PENDING);
  return row;
}
