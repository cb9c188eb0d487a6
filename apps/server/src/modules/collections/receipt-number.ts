import { calendarDateIn, financialYearOf } from '@parish/shared';
import { sql } from 'drizzle-orm';

import { queryRows, type DbOrTx } from '../../db/client.ts';

/**
 * A receipt number: the Indian financial year (April to March, named by the year it starts) and
 * the sequence within it, `2026-27/000001`; the same format as the demo parish
 * (`scripts/demo-ledger.ts`).
 */
export function formatReceiptNumber(financialYear: number, sequence: number): string {
  return `${financialYear}-${String((financialYear + 1) % 100).padStart(2, '0')}/${String(sequence).padStart(6, '0')}`;
}

/**
 * Takes the next receipt number of the financial year of `paidAt` (its calendar date in the
 * parish time zone) from `receipt_counters`, by an upsert that returns the new last number: the
 * counter row is locked until the caller's transaction ends, so numbers are unique and
 * sequential within a year. A number taken by a transaction that rolls back is given again
 * (no gap); a number retired by a reversal is never reused (the counter only grows).
 * Must run inside the transaction that marks the payment paid.
 */
export async function takeReceiptNumber(tx: DbOrTx, paidAt: Date, timeZone: string): Promise<string> {
  const financialYear = financialYearOf(calendarDateIn(paidAt, timeZone));
  const [row] = await queryRows<{ last_number: number }>(
    tx,
    sql`insert into receipt_counters (financial_year, last_number) values (${financialYear}, 1)
        on conflict (financial_year) do update set last_number = receipt_counters.last_number + 1
        returning last_number`,
  );
  if (!row) throw new Error('receipt counter upsert returned nothing');
  return formatReceiptNumber(financialYear, Number(row.last_number));
}
