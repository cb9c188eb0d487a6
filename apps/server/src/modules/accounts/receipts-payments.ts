import {
  ACCOUNTS_MSG,
  calendarDateIn,
  financialYearLabel,
  financialYearOf,
  paise,
  paiseToRupees,
  parseFinancialYear,
  type MoneyPosition,
  type Paise,
  type ReceiptsPayments,
} from '@parish/shared';
import { sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { headLedgerOf, REAL_MONEY } from './books.ts';
import { getLedgerMapping } from './ledger-mapping.service.ts';
import { positionBefore, positionTotal, type PositionPaise } from './money-position.ts';

/**
 * The receipts side of the parish's Receipts and Payments account for a financial year (issue 30
 * item 7, decision 0153; `docs/domain.md`, "Receipts and Payments account"), as the parish presents
 * it to its council and the diocese. The product records no expenses: the payments side is kept in
 * the parish's own books.
 */

/** The statement with its parish details, for the PDF and the workbook. */
export interface ReceiptsPaymentsReport extends ReceiptsPayments {
  parishAddress: string;
  timeZone: string;
}

interface HeadRow {
  payment_head_id: string | null;
  head_name: string;
  head_year: number;
  net_paise: string;
}

/** `YYYY-MM-DD` one calendar day after `day`. */
function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** A position in rupees with its total. */
function inRupees(position: PositionPaise): MoneyPosition {
  return {
    cashInHand: paiseToRupees(position.cashInHand),
    chequesInHand: paiseToRupees(position.chequesInHand),
    bank: paiseToRupees(position.bank),
    withGateway: paiseToRupees(position.withGateway),
    total: paiseToRupees(positionTotal(position)),
  };
}

/**
 * The income of parish days [from, until): every receipt line issued in the range, less every line
 * of a receipt voided in the range (on the day of the void, as the day sheets and the Tally export
 * count it), test money left out; per head and year, in paise.
 */
async function incomeByHead(ctx: ServiceContext, from: string, until: string, timeZone: string) {
  const start = sql`(${from}::date::timestamp at time zone ${timeZone})`;
  const end = sql`(${until}::date::timestamp at time zone ${timeZone})`;
  return queryRows<HeadRow>(
    ctx.db,
    sql`select i.payment_head_id, coalesce(h.name, i.head_name) as head_name, i.head_year,
               (sum(case when r.issued_at >= ${start} and r.issued_at < ${end} then i.amount_paise else 0 end)
                - sum(case when r.voided_at >= ${start} and r.voided_at < ${end} then i.amount_paise else 0 end))::text
                 as net_paise
          from receipt_items i
          join receipts r on r.id = i.receipt_id
          left join payment_heads h on h.id = i.payment_head_id
         where ((r.issued_at >= ${start} and r.issued_at < ${end}) or (r.voided_at >= ${start} and r.voided_at < ${end}))
           and ${REAL_MONEY}
         group by i.payment_head_id, coalesce(h.name, i.head_name), i.head_year`,
  );
}

/**
 * The receipts side of the Receipts and Payments account of financial year `fy` (decision 0153):
 * where the money sat at the start of 1 April (parish time), the year's income per income ledger
 * (the ledger mapping) with its heads, net of the voids made in the year, and where the money sat
 * at the end of 31 March — or, while the year runs, at the end of today (`running`). Opening of a
 * year equals closing of the one before, and opening + income = closing, by construction.
 * @param fy a financial year label, `2026-27`
 * @throws AppError 400 {@link ACCOUNTS_MSG.financialYear} (field `fy`) for a label that is not one;
 *   400 {@link ACCOUNTS_MSG.yearNotBegun} for a year that starts after today (parish time)
 */
export async function receiptsAndPayments(ctx: ServiceContext, fy: string): Promise<ReceiptsPaymentsReport> {
  const start = parseFinancialYear(fy);
  if (start === null) throw badRequest(ACCOUNTS_MSG.financialYear, 'fy');
  const timeZone = await parishTimeZone(ctx);
  const now = ctx.clock.now();
  const today = calendarDateIn(now, timeZone);
  if (start > financialYearOf(today)) throw badRequest(ACCOUNTS_MSG.yearNotBegun, 'fy');
  const from = `${start}-04-01`;
  const to = `${start + 1}-03-31`;
  const running = today <= to;
  const closingOn = running ? today : to;
  const until = nextDay(closingOn);
  const [opening, closing, heads, mapping, settings] = [
    await positionBefore(ctx, from, timeZone),
    await positionBefore(ctx, until, timeZone),
    await incomeByHead(ctx, from, until, timeZone),
    await getLedgerMapping(ctx),
    await getParishSettings(ctx.db),
  ];
  const ledgerOf = headLedgerOf(mapping);
  const ledgers = new Map<string, { head: string; year: number; paise: number }[]>();
  for (const row of heads) {
    const net = Number(row.net_paise);
    if (net === 0) continue;
    const ledger = ledgerOf(row).name;
    ledgers.set(ledger, [
      ...(ledgers.get(ledger) ?? []),
      { head: row.head_name.trim(), year: row.head_year, paise: net },
    ]);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en-IN');
  const income = [...ledgers]
    .map(([ledger, lines]) => {
      const sorted = lines.sort((a, b) => byName(a.head, b.head) || a.year - b.year);
      const total: Paise = paise(sorted.reduce((sum, line) => sum + line.paise, 0));
      return {
        ledger,
        paise: total,
        amount: paiseToRupees(total),
        heads: sorted.map((line) => ({ head: line.head, year: line.year, amount: paiseToRupees(paise(line.paise)) })),
      };
    })
    .filter((ledger) => ledger.paise !== 0)
    .sort((a, b) => byName(a.ledger, b.ledger));
  const totalIncome = paise(income.reduce((sum, ledger) => sum + ledger.paise, 0));
  return {
    parish: settings.name,
    parishAddress: settings.address ?? '',
    timeZone,
    financialYear: financialYearLabel(start),
    from,
    to,
    closingOn,
    running,
    generatedAt: now.toISOString(),
    opening: inRupees(opening),
    income: income.map(({ ledger, amount, heads: lines }) => ({ ledger, amount, heads: lines })),
    totalIncome: paiseToRupees(totalIncome),
    closing: inRupees(closing),
  };
}
