import { COLLECTION_MSG, ErrorCode, OFFICE_MSG, calendarDateIn } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { receipts } from '../../../db/schema/index.ts';
import { AppError, conflict } from '../../../lib/app-error.ts';
import { isDayClosed } from './cashier-days.ts';
import { parishTimeZone } from '../../settings/parish-time-zone.ts';

/**
 * The permission rules of a reversal (`docs/domain.md`, "Reversal with a reason";
 * `docs/decisions/0003-cashier-reverses-own-collections.md`): only a standing office collection;
 * a cashier only their own, and — except a cheque bounce, recorded on the day it is marked — only
 * of a day not closed; anyone only while the collector's sheet of today is open (a closed day's
 * sheet never changes).
 * @throws 409 `RECEIPT_VOIDED`, `ONLINE_NOT_REVERSIBLE`, `SHEET_CLOSED`; 403
 *   `NOT_OWN_COLLECTION`, `DAY_CLOSED`.
 */
export async function checkMayReverse(
  ctx: ServiceContext,
  tx: DbOrTx,
  receipt: typeof receipts.$inferSelect,
  reason: string,
): Promise<void> {
  const actor = actorOf(ctx);
  const tz = await parishTimeZone(ctx, tx);
  if (receipt.voidedAt !== null) throw conflict(OFFICE_MSG.alreadyVoided, ErrorCode.RECEIPT_VOIDED);
  if (receipt.paymentGateway !== 'manual') {
    throw conflict(COLLECTION_MSG.onlineNotReversible, ErrorCode.ONLINE_NOT_REVERSIBLE);
  }
  if (actor.role === 'cashier') {
    if (receipt.collectedBy !== actor.id) {
      throw new AppError(ErrorCode.NOT_OWN_COLLECTION, COLLECTION_MSG.notOwnCollection);
    }
    const originalDay = calendarDateIn(receipt.issuedAt, tz);
    if (reason !== 'cheque_bounced' && (await isDayClosed(tx, actor.id, originalDay))) {
      throw new AppError(ErrorCode.DAY_CLOSED, OFFICE_MSG.dayClosed);
    }
  }
  if (receipt.collectedBy && (await isDayClosed(tx, receipt.collectedBy, calendarDateIn(ctx.clock.now(), tz)))) {
    throw conflict(OFFICE_MSG.todayClosed, ErrorCode.SHEET_CLOSED);
  }
}
