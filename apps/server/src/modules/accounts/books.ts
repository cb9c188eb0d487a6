import {
  addPaise,
  paise,
  paiseOfSum,
  TALLY_GROUPS,
  ZERO_PAISE,
  type AccountsExportQuery,
  type LedgerMapping,
  type Paise,
} from '@parish/shared';
import { sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { getLedgerMapping } from './ledger-mapping.service.ts';
import { settlementFeeVouchers, settlementLedgerGroups } from './settlement-vouchers.ts';

/**
 * The parish's receipts as double-entry vouchers (issue 30 item 2, decision 0146; `docs/domain.md`,
 * "Accounts export"), shared by the Tally XML and the journal CSV. Amounts in paise; dates are
 * parish calendar days (the parish's time zone). Test money never enters the books (decision 0114).
 */

/** One ledger entry of a voucher: the ledger, the side and the amount (paise, positive). */
export interface LedgerEntry {
  ledger: string;
  side: 'debit' | 'credit';
  amount: Paise;
}

/**
 * One voucher: a Receipt (money received), a Payment (a voided receipt's reversal: the income
 * undone and the money given back out of the same asset ledger) or, from a settlement source, a
 * Journal. Its debits equal its credits.
 */
export interface Voucher {
  type: 'Receipt' | 'Payment' | 'Journal';
  /** The parish calendar day `YYYY-MM-DD` it is dated. */
  date: string;
  number: string;
  narration: string;
  entries: LedgerEntry[];
}

/** A ledger master: its name and the Tally group it sits under. */
export interface LedgerMaster {
  name: string;
  parent: string;
}

/** The books of a range: the parish (Tally's company), the ledger masters the vouchers use (and the fee ledgers), then the vouchers. */
export interface Books {
  company: string;
  masters: LedgerMaster[];
  vouchers: Voucher[];
}

/**
 * A source of vouchers besides the receipts: the extension point for the gateway settlements'
 * fee journal vouchers (issue 30 item 5, built elsewhere): given the range, the parish's time zone
 * and the mapping, it returns Journal vouchers (Dr `gatewayFees` and `gstOnFees`, Cr the gateway's
 * clearing ledger) dated the settlement's day. Register one in {@link VOUCHER_SOURCES}; its ledgers
 * must be among the mapping's (the masters list them all).
 */
export type VoucherSource = (
  ctx: ServiceContext,
  range: { from: string; to: string; timeZone: string },
  mapping: LedgerMapping,
) => Promise<Voucher[]>;

/** The voucher sources after the receipts: the gateway settlements' fee journals (decision 0151). */
export const VOUCHER_SOURCES: VoucherSource[] = [settlementFeeVouchers];

/**
 * The condition (on a receipt aliased `r`) that keeps test money out of the books (decision 0114):
 * none of its lines pays a test payment, and its checkout was not a test one. Shared by the Tally
 * export and the Receipts and Payments account (decision 0153), so both count the same receipts.
 */
export const REAL_MONEY = sql`not exists (select 1 from receipt_items i join payments p on p.id = i.payment_id
                            where i.receipt_id = r.id and p.is_test)
           and not exists (select 1 from transactions t
                            where r.transaction_id is not null and t.transaction_id = r.transaction_id and t.is_test)`;

/**
 * The income ledger of a receipt line's head (decision 0146): the mapping's for a mapped head, else
 * the head's own name (trimmed) under Indirect Incomes. Shared with the Receipts and Payments account.
 */
export function headLedgerOf(
  mapping: LedgerMapping,
): (line: { payment_head_id: string | null; head_name: string }) => LedgerMaster {
  const heads = new Map(mapping.heads.map((head) => [head.paymentHeadId, head]));
  return (line) => {
    const own = line.payment_head_id ? heads.get(line.payment_head_id) : undefined;
    return own
      ? { name: own.ledger, parent: own.parent }
      : { name: line.head_name.trim(), parent: TALLY_GROUPS.income };
  };
}

interface ReceiptRow {
  id: string;
  number: string;
  issued_day: string;
  voided_day: string | null;
  issued_in_range: boolean;
  voided_in_range: boolean;
  method: string;
  gateway: string;
  cashier: string | null;
  member_name: string;
  parish_number: string;
  total_paise: string;
}

interface LineRow {
  receipt_id: string;
  payment_head_id: string | null;
  head_name: string;
  head_year: number;
  amount_paise: string;
}

/** The receipts issued or voided in the range (parish days), test money left out, with their lines. */
async function receiptsOf(ctx: ServiceContext, range: { from: string; to: string }, tz: string) {
  const start = sql`(${range.from}::date::timestamp at time zone ${tz})`;
  const end = sql`((${range.to}::date + 1)::timestamp at time zone ${tz})`;
  const receipts = await queryRows<ReceiptRow>(
    ctx.db,
    sql`select r.id, r.number,
               to_char(r.issued_at at time zone ${tz}, 'YYYY-MM-DD') as issued_day,
               to_char(r.voided_at at time zone ${tz}, 'YYYY-MM-DD') as voided_day,
               (r.issued_at >= ${start} and r.issued_at < ${end}) as issued_in_range,
               (r.voided_at is not null and r.voided_at >= ${start} and r.voided_at < ${end}) as voided_in_range,
               r.payment_method as method, r.payment_gateway::text as gateway, s.name as cashier,
               m.name as member_name, m.parish_number, r.total_paise
          from receipts r
          join members m on m.id = r.member_id
          left join staff_users s on s.id = r.collected_by
         where ((r.issued_at >= ${start} and r.issued_at < ${end})
                or (r.voided_at >= ${start} and r.voided_at < ${end}))
           and ${REAL_MONEY}
         order by r.issued_at, r.number`,
  );
  // The lines of the receipts of the same range (those of a test receipt read and left unused): one
  // scan joined by the range, not a list of every receipt's id (60,000 at a year).
  const lines =
    receipts.length === 0
      ? []
      : await queryRows<LineRow>(
          ctx.db,
          sql`select i.receipt_id, i.payment_head_id, coalesce(h.name, i.head_name) as head_name, i.head_year,
                     i.amount_paise
                from receipts r
                join receipt_items i on i.receipt_id = r.id
                left join payment_heads h on h.id = i.payment_head_id
               where (r.issued_at >= ${start} and r.issued_at < ${end})
                  or (r.voided_at >= ${start} and r.voided_at < ${end})
               order by i.receipt_id, i.line`,
        );
  const byReceipt = new Map<string, LineRow[]>();
  for (const line of lines) {
    const own = byReceipt.get(line.receipt_id);
    if (own) own.push(line);
    else byReceipt.set(line.receipt_id, [line]);
  }
  return receipts.map((receipt) => ({ receipt, lines: byReceipt.get(receipt.id) ?? [] }));
}

/** How a receipt's money arrived, as the mapping names its asset ledger and a word for narrations. */
function assetOf(mapping: LedgerMapping, row: ReceiptRow): { ledger: string; parent: string; method: string } {
  if (row.gateway === 'razorpay')
    return { ledger: mapping.razorpay, parent: TALLY_GROUPS.clearing, method: 'razorpay' };
  if (row.gateway === 'worldline') {
    return { ledger: mapping.worldline, parent: TALLY_GROUPS.clearing, method: 'worldline' };
  }
  if (row.method === 'upi') return { ledger: mapping.upiBank, parent: TALLY_GROUPS.bank, method: 'upi' };
  if (row.method === 'cheque') return { ledger: mapping.chequeBank, parent: TALLY_GROUPS.bank, method: 'cheque' };
  const ledger =
    mapping.cash.perCashier && row.cashier ? `${mapping.cash.ledger} - ${row.cashier.trim()}` : mapping.cash.ledger;
  return { ledger, parent: TALLY_GROUPS.cash, method: 'cash' };
}

/** Credits per income ledger of a receipt's lines, in the order first met. */
function incomeEntries(lines: LineRow[], headLedger: (line: LineRow) => LedgerMaster): Map<string, Paise> {
  const sums = new Map<string, Paise>();
  for (const line of lines) {
    const { name } = headLedger(line);
    sums.set(name, addPaise(sums.get(name) ?? ZERO_PAISE, paiseOfSum(line.amount_paise)));
  }
  return sums;
}

/** A balanced voucher: the asset ledger against the income ledgers (a Receipt debits the asset). */
function voucherOf(
  type: 'Receipt' | 'Payment',
  head: Omit<Voucher, 'type' | 'entries'>,
  asset: string,
  incomes: Map<string, Paise>,
): Voucher {
  const total = paise([...incomes.values()].reduce<number>((sum, amount) => sum + amount, 0));
  const assetSide = type === 'Receipt' ? 'debit' : 'credit';
  const incomeSide = type === 'Receipt' ? 'credit' : 'debit';
  return {
    type,
    ...head,
    entries: [
      { ledger: asset, side: assetSide, amount: total },
      ...[...incomes].map(([ledger, amount]) => ({ ledger, side: incomeSide, amount }) as LedgerEntry),
    ],
  };
}

/** `14/11/2026` from `2026-11-14`. */
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The heads of a receipt's lines for its narration: `Church Tax 2026, Building Fund 2026`. */
const headsText = (lines: LineRow[]) => lines.map((line) => `${line.head_name} ${line.head_year}`).join(', ');

/**
 * The books of a range of parish days (decision 0146): every receipt issued in the range as a
 * Receipt voucher dated its day (Dr the asset ledger of its way of paying, Cr each head's income
 * ledger), and every receipt voided in the range as its own Payment voucher dated the day it was
 * voided (the original stays in its day), whatever the day sheets' state. `mode=receipt`: one
 * voucher per receipt, numbered by the receipt (a reversal `<number>/VOID`); `mode=day`: one per
 * day and asset ledger (and per day and asset ledger for the reversals), numbered
 * `DAY/<yyyymmdd>/<method>`. Then the vouchers of {@link VOUCHER_SOURCES}. The masters list every
 * ledger the vouchers use and the fee ledgers, each under its group.
 * @param query `from`/`to` parish days (inclusive) and the mode
 */
export async function booksOf(ctx: ServiceContext, query: AccountsExportQuery): Promise<Books> {
  const timeZone = await parishTimeZone(ctx);
  const mapping = await getLedgerMapping(ctx);
  const headLedger = headLedgerOf(mapping);
  const rows = await receiptsOf(ctx, query, timeZone);
  const masters = new Map<string, string>();
  const vouchers: Voucher[] = [];
  const days = new Map<
    string,
    { type: 'Receipt' | 'Payment'; day: string; asset: string; method: string; rows: typeof rows }
  >();
  for (const item of rows) {
    const { receipt, lines } = item;
    const asset = assetOf(mapping, receipt);
    masters.set(asset.ledger, asset.parent);
    for (const line of lines) masters.set(headLedger(line).name, headLedger(line).parent);
    const narration = `Receipt ${receipt.number}: ${receipt.member_name.trim()} (${receipt.parish_number}), ${headsText(lines)}; ${asset.method}`;
    const parts: { type: 'Receipt' | 'Payment'; day: string }[] = [];
    if (receipt.issued_in_range) parts.push({ type: 'Receipt', day: receipt.issued_day });
    if (receipt.voided_in_range && receipt.voided_day) parts.push({ type: 'Payment', day: receipt.voided_day });
    for (const part of parts) {
      if (query.mode === 'receipt') {
        const voided = part.type === 'Payment';
        vouchers.push(
          voucherOf(
            part.type,
            {
              date: part.day,
              number: voided ? `${receipt.number}/VOID` : receipt.number,
              narration: voided ? `Voided on ${ddmmyyyy(part.day)}: ${narration}` : narration,
            },
            asset.ledger,
            incomeEntries(lines, headLedger),
          ),
        );
      } else {
        const key = `${part.day}|${part.type}|${asset.ledger}|${asset.method}`;
        const group = days.get(key) ?? { ...part, asset: asset.ledger, method: asset.method, rows: [] };
        group.rows.push(item);
        days.set(key, group);
      }
    }
  }
  const sortedDays = [...days.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.type.localeCompare(b.type) || a.asset.localeCompare(b.asset),
  );
  for (const group of sortedDays) {
    const numbers = group.rows.map((row) => row.receipt.number);
    const word = group.type === 'Receipt' ? 'Collections' : 'Receipts voided';
    vouchers.push(
      voucherOf(
        group.type,
        {
          date: group.day,
          number: `DAY/${group.day.replaceAll('-', '')}/${group.method}${group.type === 'Payment' ? '/VOID' : ''}${mapping.cash.perCashier && group.method === 'cash' ? `/${group.asset}` : ''}`,
          narration: `${word} of ${ddmmyyyy(group.day)} by ${group.method}: ${numbers.length} receipt(s), ${numbers[0]} to ${numbers.at(-1)}`,
        },
        group.asset,
        incomeEntries(
          group.rows.flatMap((row) => row.lines),
          headLedger,
        ),
      ),
    );
  }
  const sourceGroups = settlementLedgerGroups(mapping);
  for (const source of VOUCHER_SOURCES) {
    const extra = await source(ctx, { ...query, timeZone }, mapping);
    for (const entry of extra.flatMap((voucher) => voucher.entries)) {
      const group = sourceGroups.get(entry.ledger);
      if (group && !masters.has(entry.ledger)) masters.set(entry.ledger, group);
    }
    vouchers.push(...extra);
  }
  masters.set(mapping.gatewayFees, TALLY_GROUPS.fees);
  masters.set(mapping.gstOnFees, TALLY_GROUPS.taxes);
  const { name: company } = await getParishSettings(ctx.db);
  return { company, masters: [...masters].map(([name, parent]) => ({ name, parent })), vouchers };
}
