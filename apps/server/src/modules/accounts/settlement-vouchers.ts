import { paiseToRupees, TALLY_GROUPS, type LedgerMapping, type Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';

/**
 * The gateway fees in the books (issue 30 item 5, decision 0151; registered in `VOUCHER_SOURCES`
 * of `books.ts`, decision 0146): one Journal voucher per settlement paid in the range (its parish
 * day): Dr the gateway-fee ledger (fee without GST), Dr the GST-on-fees ledger (the GST), Dr the
 * bank ledger (the net the bank received; the mapping's UPI bank ledger), Cr the gateway's clearing
 * ledger (the gross the Receipt vouchers debited to it), so the clearing ledger empties as the
 * money reaches the bank. An entry of 0 is left out. A settlement carrying test money (decision
 * 0114: a sandbox or test-mode checkout) is never in the books. Numbered `SETL/<settlement id>`.
 * The shape is `books.ts`'s `Voucher` (not imported: books.ts imports this file).
 */

interface SettlementRow {
  gateway: 'razorpay' | 'worldline';
  settlement_id: string;
  utr: string;
  day: string;
  amount_paise: string;
  fee_paise: string;
  tax_paise: string;
}

/** `14/11/2026` from `2026-11-14`. */
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The fee Journal vouchers of the settlements paid in a range of parish days (see the file's comment). */
export async function settlementFeeVouchers(
  ctx: ServiceContext,
  range: { from: string; to: string; timeZone: string },
  mapping: LedgerMapping,
) {
  const tz = range.timeZone;
  const rows = await queryRows<SettlementRow>(
    ctx.db,
    sql`select s.gateway, s.settlement_id, s.utr, to_char(s.settled_at at time zone ${tz}, 'YYYY-MM-DD') as day,
               s.amount_paise, s.fee_paise, s.tax_paise
          from gateway_settlements s
         where s.settled_at >= (${range.from}::date::timestamp at time zone ${tz})
           and s.settled_at < ((${range.to}::date + 1)::timestamp at time zone ${tz})
           and not exists (select 1 from gateway_settlement_items i
                             join transactions t on t.parish_id = i.parish_id and t.id = i.transaction_id
                            where i.parish_id = s.parish_id and i.settlement_row_id = s.id and t.is_test)
         order by s.settled_at, s.settlement_id`,
  );
  return rows.map((row) => {
    const fee = Number(row.fee_paise) as Paise;
    const tax = Number(row.tax_paise) as Paise;
    const net = Number(row.amount_paise) as Paise;
    const gross = (fee + tax + net) as Paise;
    const clearing = row.gateway === 'razorpay' ? mapping.razorpay : mapping.worldline;
    const name = row.gateway === 'razorpay' ? 'Razorpay' : 'Worldline';
    const entries = [
      { ledger: mapping.gatewayFees, side: 'debit' as const, amount: fee },
      { ledger: mapping.gstOnFees, side: 'debit' as const, amount: tax },
      { ledger: mapping.upiBank, side: 'debit' as const, amount: net },
      { ledger: clearing, side: 'credit' as const, amount: gross },
    ].filter((entry) => entry.amount > 0);
    return {
      type: 'Journal' as const,
      date: row.day,
      number: `SETL/${row.settlement_id}`,
      narration:
        `${name} settlement ${row.settlement_id} of ${ddmmyyyy(row.day)}, UTR ${row.utr}: ` +
        `gross ${paiseToRupees(gross).toFixed(2)}, fees ${paiseToRupees(fee).toFixed(2)}, ` +
        `GST ${paiseToRupees(tax).toFixed(2)}, net ${paiseToRupees(net).toFixed(2)}`,
      entries,
    };
  });
}

/** The Tally group of a ledger the settlement vouchers name (for the masters). */
export function settlementLedgerGroups(mapping: LedgerMapping): Map<string, string> {
  return new Map([
    [mapping.upiBank, TALLY_GROUPS.bank],
    [mapping.razorpay, TALLY_GROUPS.clearing],
    [mapping.worldline, TALLY_GROUPS.clearing],
  ]);
}
