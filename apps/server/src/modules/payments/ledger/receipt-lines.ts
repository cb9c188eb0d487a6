import { asc, eq } from 'drizzle-orm';

import type { Paise } from '@parish/shared';

import type { DbOrTx } from '../../../db/client.ts';
import { receiptItems } from '../../../db/schema/index.ts';

/** A receipt's lines as stored (`receipt_items`), in line order: the payment, its head's name and year then, the amount in paise. */
export async function receiptLines(
  db: DbOrTx,
  receiptId: string,
): Promise<{ paymentId: string | null; headName: string; headYear: number; amountPaise: Paise }[]> {
  return db
    .select({
      paymentId: receiptItems.paymentId,
      headName: receiptItems.headName,
      headYear: receiptItems.headYear,
      amountPaise: receiptItems.amountPaise,
    })
    .from(receiptItems)
    .where(eq(receiptItems.receiptId, receiptId))
    .orderBy(asc(receiptItems.line));
}
