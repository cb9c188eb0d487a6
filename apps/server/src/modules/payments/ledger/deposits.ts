import {
  DENOMINATIONS,
  DEPOSIT_MSG,
  ErrorCode,
  MSG,
  paise,
  paiseOfSum,
  rupees,
  rupeesToPaise,
  type CreateDepositInput,
  type Paise,
} from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/app-error.ts';

/**
 * The pieces of a bank deposit (`docs/domain.md`, "Bank deposits"; decision 0147) that read the
 * ledger: the net cash of a cashier's day, the cheques awaiting deposit, and the locks of the days
 * a slip takes from. Amounts in paise; days are parish calendar dates, `tz` the parish time zone.
 */

/**
 * SQL for the net cash of a cashier's day as its day sheet counts it (`docs/domain.md`, "Day
 * close"): cash receipts the cashier issued that parish day minus their cash receipts voided that
 * day (a method other than UPI or cheque counts as cash, as on the sheet). Paise, as bigint.
 * @param cashier SQL naming the cashier's id; @param day SQL naming the parish day (a date)
 */
export function netCashOfDaySql(tz: string, cashier: SQL, day: SQL): SQL {
  const from = sql`(${day}::date::timestamp at time zone ${tz})`;
  const to = sql`((${day}::date + 1)::timestamp at time zone ${tz})`;
  return sql`(coalesce((select sum(r.total_paise) from receipts r
                 where r.collected_by = ${cashier} and r.payment_gateway = 'manual'
                   and r.payment_method not in ('upi', 'cheque')
                   and r.issued_at >= ${from} and r.issued_at < ${to}), 0)
            - coalesce((select sum(r.total_paise) from receipts r
                 where r.collected_by = ${cashier} and r.payment_gateway = 'manual'
                   and r.payment_method not in ('upi', 'cheque')
                   and r.voided_at >= ${from} and r.voided_at < ${to}), 0))`;
}

/** A cheque a deposit names: its receipt, collector, parish day, amount and status. */
export interface ChequeOnSlip {
  id: string;
  number: string;
  cashierId: string;
  day: string;
  amountPaise: Paise;
}

/**
 * The cheques of a deposit, each an office cheque receipt that stands with status `received`.
 * @throws 404 for an id that is not an office cheque receipt; 409 `ALREADY_DEPOSITED` for one no
 *   longer awaiting deposit (deposited, cleared, bounced or voided).
 */
export async function chequesForSlip(tx: DbOrTx, tz: string, ids: readonly string[]): Promise<ChequeOnSlip[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    number: string;
    collected_by: string | null;
    day: string;
    total_paise: string;
    cheque_status: string | null;
    voided: boolean;
  }>(
    tx,
    sql`select r.id, r.number, r.collected_by, to_char((r.issued_at at time zone ${tz})::date, 'YYYY-MM-DD') as day,
               r.total_paise, r.cheque_status, r.voided_at is not null as voided
          from receipts r
         where r.id = any(${sql.param([...ids])}::uuid[]) and r.payment_gateway = 'manual' and r.cheque_status is not null`,
  );
  if (rows.length !== ids.length) throw notFound(MSG.notFound);
  return rows.map((row) => {
    if (row.cheque_status !== 'received' || row.voided || !row.collected_by) {
      throw conflict(DEPOSIT_MSG.alreadyDeposited, ErrorCode.ALREADY_DEPOSITED);
    }
    return {
      id: row.id,
      number: row.number,
      cashierId: row.collected_by,
      day: row.day,
      amountPaise: paiseOfSum(row.total_paise),
    };
  });
}

/** The cash count kept with a closed day, or given for a slip: notes by face value, coins in paise. */
export interface CashCount {
  notes: Record<string, number>;
  coins: Paise;
}

/**
 * Locks the closed days a slip takes from (cashier and day, in one order: cashier id, then day) and
 * reads each one's net cash, cash count and whether its cash is already on a slip. Locking the
 * `cashier_days` rows serialises a deposit with another deposit and with a reopen of those days.
 * @throws 409 `DAY_NOT_CLOSED` for a day that is not closed.
 */
export async function lockClosedDays(
  tx: DbOrTx,
  tz: string,
  keys: readonly { cashierId: string; day: string }[],
): Promise<Map<string, { cashPaise: Paise; count: CashCount | null; deposited: boolean }>> {
  const sorted = [...new Map(keys.map((k) => [`${k.cashierId}/${k.day}`, k])).values()].sort((a, b) =>
    a.cashierId === b.cashierId ? a.day.localeCompare(b.day) : a.cashierId.localeCompare(b.cashierId),
  );
  const days = new Map<string, { cashPaise: Paise; count: CashCount | null; deposited: boolean }>();
  for (const key of sorted) {
    const [row] = await queryRows<{
      closed: boolean;
      denominations: CashCount | null;
      cash: string;
      deposited: boolean;
    }>(
      tx,
      sql`select c.closed_at is not null as closed, c.denominations,
                 ${netCashOfDaySql(tz, sql`c.cashier_id`, sql`c.day`)} as cash,
                 exists (select 1 from bank_deposit_days x where x.cashier_id = c.cashier_id and x.day = c.day) as deposited
            from cashier_days c where c.cashier_id = ${key.cashierId} and c.day = ${key.day}::date
           for update of c`,
    );
    if (!row?.closed) throw conflict(DEPOSIT_MSG.dayNotClosed, ErrorCode.DAY_NOT_CLOSED);
    days.set(`${key.cashierId}/${key.day}`, {
      cashPaise: paiseOfSum(row.cash),
      count: row.denominations,
      deposited: row.deposited,
    });
  }
  return days;
}

/** The paise of a cash count. */
export function countPaise(count: CashCount): Paise {
  let sum: number = count.coins;
  for (const face of DENOMINATIONS) sum += (count.notes[face] ?? 0) * rupeesToPaise(rupees(Number(face)));
  return paise(sum);
}

/**
 * The notes and coins of a slip's cash: those given (they must add up to the cash, else 400 on
 * `denominations`), else the days' own counts added when every day has one and they add up to the
 * cash, else none.
 */
export function slipCount(
  given: CreateDepositInput['denominations'],
  dayCounts: readonly (CashCount | null)[],
  cashPaise: Paise,
): CashCount | null {
  if (given) {
    const count = { notes: given.notes as Record<string, number>, coins: rupeesToPaise(given.coins) };
    if (countPaise(count) !== cashPaise) throw badRequest(DEPOSIT_MSG.denominationsMismatch, 'denominations');
    return count;
  }
  if (cashPaise <= 0 || dayCounts.length === 0 || dayCounts.some((c) => c === null)) return null;
  const notes: Record<string, number> = {};
  let coins = 0;
  for (const c of dayCounts as CashCount[]) {
    for (const [face, n] of Object.entries(c.notes)) notes[face] = (notes[face] ?? 0) + n;
    coins += c.coins;
  }
  const sum = { notes, coins: paise(coins) };
  return countPaise(sum) === cashPaise ? sum : null;
}
