import {
  DENOMINATIONS,
  DEPOSIT_MSG,
  ErrorCode,
  LIMIT_MSG,
  MSG,
  OFFICE_MSG,
  REVERSAL_REASON_LABELS,
  ZERO_PAISE,
  addPaise,
  calendarDateIn,
  formatDisplayDate,
  formatINR,
  formatPaisePlain,
  paise,
  paiseOfSum,
  paiseToRupees,
  rupees,
  rupeesToPaise,
  type CashierDays,
  type CloseDayInput,
  type DaySheet,
  type Paise,
  type ReversalReason,
  type Rupees,
} from '@parish/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { cashierDays, staffUsers } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { xlsxStream } from '../../lib/spreadsheet.ts';
import { csvChunk } from '../../lib/table-download.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/** Which cashier's sheet of which day (a parish calendar date). */
export interface DaySheetKey {
  cashierId?: string | undefined;
  day?: string | undefined;
}

type Method = 'cash' | 'upi' | 'cheque';
const METHODS: readonly Method[] = ['cash', 'upi', 'cheque'];

/** Sums paise by method; anything else counts under cash. */
function byMethod(rows: readonly { method: string; totalPaise: Paise }[]) {
  const sums: Record<Method, Paise> = { cash: ZERO_PAISE, upi: ZERO_PAISE, cheque: ZERO_PAISE };
  for (const row of rows) {
    const method = (METHODS as readonly string[]).includes(row.method) ? (row.method as Method) : 'cash';
    sums[method] = addPaise(sums[method], row.totalPaise);
  }
  return sums;
}

const rupeeTotals = (sums: Record<Method, Paise>) => ({
  cash: paiseToRupees(sums.cash),
  upi: paiseToRupees(sums.upi),
  cheque: paiseToRupees(sums.cheque),
  total: paiseToRupees(addPaise(sums.cash, sums.upi, sums.cheque)),
});

/**
 * Resolves whose sheet and which day: a cashier only their own (403 otherwise), an admin anyone;
 * the day defaults to today in the parish time zone.
 * @throws 403 for a cashier asking another's sheet; 404 unknown staff member.
 */
async function resolveKey(ctx: ServiceContext, key: DaySheetKey) {
  const actor = actorOf(ctx);
  const cashierId = key.cashierId ?? actor.id;
  if (actor.role !== 'admin' && cashierId !== actor.id) {
    throw new AppError(ErrorCode.NOT_OWN_COLLECTION, COLLECTION_OWN_SHEET);
  }
  const [cashier] = await ctx.db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.id, cashierId));
  if (!cashier) throw notFound(MSG.notFound);
  return { cashier, day: key.day ?? calendarDateIn(ctx.clock.now(), await parishTimeZone(ctx)) };
}

const COLLECTION_OWN_SHEET = 'You can see only your own day sheet';

/**
 * One cashier's day sheet (`docs/domain.md`, "Day close"): the office receipts they issued that
 * parish day (also those voided later: a day's sheet never changes), the reversals of their
 * receipts made that day (with the receipt's original date), totals by method — collected,
 * reversed, net — in rupees, counts, the day's state and its cash count with the difference to
 * the net cash. The collected total is the sum of the day's receipts, to the paisa.
 * @throws see `resolveKey`.
 */
export async function getDaySheet(ctx: ServiceContext, key: DaySheetKey): Promise<DaySheet> {
  const { cashier, day } = await resolveKey(ctx, key);
  return daySheetOf(ctx.db, await parishTimeZone(ctx), cashier, day);
}

/** The day sheet of a known cashier and day (see {@link getDaySheet}). */
async function daySheetOf(
  db: DbOrTx,
  tz: string,
  cashier: { id: string; name: string },
  day: string,
): Promise<DaySheet> {
  const issued = await queryRows<{
    id: string;
    number: string;
    issued_at: string;
    name: string;
    parish_number: string;
    method: string;
    reference: string | null;
    total_paise: string;
    lines: number;
    voided: boolean;
  }>(
    db,
    sql`select r.id, r.number, r.issued_at, m.name, m.parish_number, r.payment_method as method,
               coalesce(r.utr, r.transaction_id) as reference, r.total_paise,
               (select count(*)::int from receipt_items i where i.receipt_id = r.id) as lines,
               r.voided_at is not null as voided
          from receipts r join members m on m.id = r.member_id
         where r.collected_by = ${cashier.id} and r.payment_gateway = 'manual'
           and r.issued_at >= (${day}::date::timestamp at time zone ${tz})
           and r.issued_at < ((${day}::date + 1)::timestamp at time zone ${tz})
         order by r.issued_at, r.number`,
  );
  const reversed = await queryRows<{
    id: string;
    number: string;
    issued_at: string;
    voided_at: string;
    voided_by: string | null;
    reason: string | null;
    note: string | null;
    name: string;
    parish_number: string;
    method: string;
    total_paise: string;
  }>(
    db,
    sql`select r.id, r.number, r.issued_at, r.voided_at, s.name as voided_by, r.void_reason as reason,
               r.void_note as note, m.name, m.parish_number, r.payment_method as method, r.total_paise
          from receipts r join members m on m.id = r.member_id left join staff_users s on s.id = r.voided_by
         where r.collected_by = ${cashier.id} and r.payment_gateway = 'manual'
           and r.voided_at >= (${day}::date::timestamp at time zone ${tz})
           and r.voided_at < ((${day}::date + 1)::timestamp at time zone ${tz})
         order by r.voided_at, r.number`,
  );
  const [state] = await db
    .select()
    .from(cashierDays)
    .where(and(eq(cashierDays.cashierId, cashier.id), eq(cashierDays.day, day)));
  const collected = byMethod(issued.map((r) => ({ method: r.method, totalPaise: paiseOfSum(r.total_paise) })));
  const reversedSums = byMethod(reversed.map((r) => ({ method: r.method, totalPaise: paiseOfSum(r.total_paise) })));
  const net = {
    cash: paise(collected.cash - reversedSums.cash),
    upi: paise(collected.upi - reversedSums.upi),
    cheque: paise(collected.cheque - reversedSums.cheque),
  };
  const count = state?.denominations as { notes: Record<string, number>; coins: number } | null | undefined;
  const counted = state?.countedPaise ?? null;
  return {
    cashier: { _id: cashier.id, name: cashier.name },
    day,
    status: state?.closedAt ? 'closed' : 'open',
    closedAt: state?.closedAt ? new Date(state.closedAt).toISOString() : null,
    closedBy: state?.closedBy ?? null,
    reopenedAt: state?.reopenedAt ? new Date(state.reopenedAt).toISOString() : null,
    receipts: issued.map((r) => ({
      _id: r.id,
      number: r.number,
      issuedAt: new Date(r.issued_at).toISOString(),
      member: { name: r.name, parishNumber: r.parish_number },
      method: r.method,
      reference: r.reference,
      total: paiseToRupees(paiseOfSum(r.total_paise)),
      lines: r.lines,
      voided: r.voided,
    })),
    reversals: reversed.map((r) => ({
      _id: r.id,
      number: r.number,
      originalDate: calendarDateIn(r.issued_at, tz),
      voidedAt: new Date(r.voided_at).toISOString(),
      voidedBy: r.voided_by,
      reason: r.reason ?? 'other',
      note: r.note,
      member: { name: r.name, parishNumber: r.parish_number },
      method: r.method,
      total: paiseToRupees(paiseOfSum(r.total_paise)),
    })),
    collected: rupeeTotals(collected),
    reversed: rupeeTotals(reversedSums),
    net: rupeeTotals(net),
    receiptCount: issued.length,
    voidedCount: reversed.length,
    cashCount:
      count && counted !== null
        ? {
            notes: count.notes,
            coins: paiseToRupees(paise(count.coins)),
            counted: paiseToRupees(counted),
            difference: paiseToRupees(paise(counted - net.cash)),
          }
        : null,
  };
}

/** The cash counted, in paise: notes by face value plus coins (rupees). */
function countedPaise(denominations: NonNullable<CloseDayInput['denominations']>): Paise {
  let sum: number = rupeesToPaise(denominations.coins);
  for (const face of DENOMINATIONS) sum += (denominations.notes[face] ?? 0) * rupeesToPaise(rupees(Number(face)));
  return paise(sum);
}

/**
 * Closes the caller's day (`docs/domain.md`, "Day close"; `POST /api/day-sheets/close`): from
 * then the cashier may not reverse its collections, nor collect or reverse anything recorded on
 * it, until an admin reopens it. The optional cash count (notes by face value, coins in rupees)
 * is kept with the difference to the net cash. Audited `cashier_day.closed`.
 * A day after today (parish date) cannot be closed (`docs/domain.md`, "Day close", decision 0107).
 * @throws 400 {@link LIMIT_MSG.futureDay} (field `day`) for a day after today; 409 when the day is
 *   already closed.
 */
export async function closeDay(ctx: ServiceContext, input: CloseDayInput): Promise<DaySheet> {
  const actor = actorOf(ctx);
  const tz = await parishTimeZone(ctx);
  const today = calendarDateIn(ctx.clock.now(), tz);
  const day = input.day ?? today;
  if (day > today) throw badRequest(LIMIT_MSG.futureDay, 'day');
  const now = ctx.clock.now().toISOString();
  const counted = input.denominations ? countedPaise(input.denominations) : null;
  await ctx.db.transaction(async (tx) => {
    const closed = await queryRows<{ day: string }>(
      tx,
      sql`insert into cashier_days (cashier_id, day, closed_at, closed_by, denominations, counted_paise)
          values (${actor.id}, ${day}, ${now}, ${actor.id},
                  ${input.denominations ? JSON.stringify({ notes: input.denominations.notes, coins: rupeesToPaise(input.denominations.coins) }) : null}::jsonb,
                  ${counted})
          on conflict (parish_id, cashier_id, day) do update
            set closed_at = excluded.closed_at, closed_by = excluded.closed_by,
                denominations = excluded.denominations, counted_paise = excluded.counted_paise
            where cashier_days.closed_at is null
          returning day`,
    );
    if (closed.length === 0) throw conflict(OFFICE_MSG.alreadyClosed);
    const sheet = await daySheetOf(tx, tz, { id: actor.id, name: actor.name }, day);
    await recordAudit(tx, ctx.audit, {
      action: 'cashier_day.closed',
      entityType: 'cashier_day',
      entityId: `${actor.id}/${day}`,
      after: {
        cashierId: actor.id,
        day,
        net: sheet.net.total,
        counted: counted === null ? null : paiseToRupees(counted),
        receiptCount: sheet.receiptCount,
      },
    });
  });
  return getDaySheet(ctx, { day });
}

/**
 * Whether a cashier's day has its cash, or a cheque collected that day, on a bank deposit slip
 * (decision 0147): such a day stays closed, so the slip keeps matching its day sheet.
 */
async function dayOnSlip(tx: DbOrTx, tz: string, key: { cashierId: string; day: string }): Promise<boolean> {
  const [row] = await queryRows<{ on_slip: boolean }>(
    tx,
    sql`select exists (select 1 from bank_deposit_days x where x.cashier_id = ${key.cashierId} and x.day = ${key.day}::date)
            or exists (select 1 from bank_deposit_cheques dc join receipts r on r.id = dc.receipt_id
                        where r.collected_by = ${key.cashierId}
                          and (r.issued_at at time zone ${tz})::date = ${key.day}::date) as on_slip`,
  );
  return row?.on_slip ?? false;
}

/**
 * Reopens a closed day (admin; `POST /api/day-sheets/reopen`), audited `cashier_day.reopened`.
 * @throws 409 when the day is not closed; 409 `DAY_DEPOSITED` when its cash or one of its cheques
 *   is on a bank deposit slip (decision 0147).
 */
export async function reopenDay(ctx: ServiceContext, input: { cashierId: string; day: string }): Promise<DaySheet> {
  const actor = actorOf(ctx);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    const [was] = await tx
      .select({ closedAt: cashierDays.closedAt })
      .from(cashierDays)
      .where(
        and(
          eq(cashierDays.cashierId, input.cashierId),
          eq(cashierDays.day, input.day),
          isNotNull(cashierDays.closedAt),
        ),
      )
      .for('update');
    if (!was?.closedAt) throw conflict(OFFICE_MSG.notClosed);
    if (await dayOnSlip(tx, await parishTimeZone(ctx), input)) {
      throw conflict(DEPOSIT_MSG.dayDeposited, ErrorCode.DAY_DEPOSITED);
    }
    await tx
      .update(cashierDays)
      .set({ closedAt: null, reopenedAt: now, reopenedBy: actor.id })
      .where(and(eq(cashierDays.cashierId, input.cashierId), eq(cashierDays.day, input.day)));
    await recordAudit(tx, ctx.audit, {
      action: 'cashier_day.reopened',
      entityType: 'cashier_day',
      entityId: `${input.cashierId}/${input.day}`,
      before: { closedAt: new Date(was.closedAt).toISOString() },
      after: { cashierId: input.cashierId, day: input.day },
    });
  });
  return getDaySheet(ctx, input);
}

/**
 * The days with office receipts or a close, newest first, at most 90 (`GET /api/day-sheets/days`):
 * an admin sees every cashier's, a cashier their own; each with its state, receipt count and
 * collected total (rupees).
 */
export async function listCashierDays(ctx: ServiceContext): Promise<CashierDays> {
  const actor = actorOf(ctx);
  const tz = await parishTimeZone(ctx);
  const onlyMine = actor.role !== 'admin';
  const rows = await queryRows<{
    cashier_id: string;
    name: string;
    day: string;
    receipts: number;
    total_paise: string;
    closed: boolean;
  }>(
    ctx.db,
    sql`with d as (
          select r.collected_by as cashier_id, (r.issued_at at time zone ${tz})::date as day,
                 count(*)::int as receipts, sum(r.total_paise) as total_paise
            from receipts r
           where r.payment_gateway = 'manual' and r.collected_by is not null
             and (not ${onlyMine}::boolean or r.collected_by = ${actor.id})
           group by 1, 2
        )
        select coalesce(d.cashier_id, c.cashier_id) as cashier_id, s.name,
               to_char(coalesce(d.day, c.day), 'YYYY-MM-DD') as day,
               coalesce(d.receipts, 0) as receipts, coalesce(d.total_paise, 0) as total_paise,
               coalesce(c.closed_at is not null, false) as closed
          from d full join cashier_days c on c.cashier_id = d.cashier_id and c.day = d.day
          join staff_users s on s.id = coalesce(d.cashier_id, c.cashier_id)
         where (not ${onlyMine}::boolean or coalesce(d.cashier_id, c.cashier_id) = ${actor.id})
         order by 3 desc, s.name
         limit 90`,
  );
  return {
    items: rows.map((row) => ({
      cashier: { _id: row.cashier_id, name: row.name },
      day: row.day,
      status: row.closed ? 'closed' : 'open',
      receiptCount: row.receipts,
      total: paiseToRupees(paiseOfSum(row.total_paise)),
    })),
  };
}

const methodLabel = (method: string) => (method === 'upi' ? 'UPI' : method === 'cheque' ? 'Cheque' : 'Cash');
const reasonLabel = (reason: string) => REVERSAL_REASON_LABELS[reason as ReversalReason] ?? reason;

/**
 * The day sheet as table rows, header first: one row per receipt issued and per reversal made
 * that day, then the totals by method; amounts plain rupees (`1500.50`), dates dd/mm/yyyy.
 * @returns the parish day (yyyy-mm-dd) and the rows
 */
async function daySheetRows(
  ctx: ServiceContext,
  key: DaySheetKey,
): Promise<{ day: string; rows: (string | number | null)[][] }> {
  const sheet = await getDaySheet(ctx, key);
  const tz = await parishTimeZone(ctx);
  const money = (amount: Rupees) => formatPaisePlain(rupeesToPaise(amount));
  const rows: (string | number | null)[][] = [
    ['Entry', 'Receipt No.', 'Date', 'Member Name', 'Parish Number', 'Method', 'Reference', 'Amount', 'Reason'],
    ...sheet.receipts.map((r) => [
      r.voided ? 'Receipt (voided later)' : 'Receipt',
      r.number,
      formatDisplayDate(r.issuedAt, tz),
      r.member.name,
      r.member.parishNumber,
      methodLabel(r.method),
      r.reference,
      money(r.total),
      '',
    ]),
    ...sheet.reversals.map((r) => [
      'Reversal',
      r.number,
      formatDisplayDate(r.originalDate),
      r.member.name,
      r.member.parishNumber,
      methodLabel(r.method),
      r.note,
      money(rupees(-r.total)),
      reasonLabel(r.reason),
    ]),
    ...METHODS.map((m) => ['Net', '', '', '', '', methodLabel(m), '', money(sheet.net[m]), '']),
    ['Net', '', '', '', '', 'Total', '', money(sheet.net.total), ''],
  ];
  return { day: sheet.day, rows };
}

/**
 * The day sheet as CSV (`GET /api/day-sheets/csv`): {@link daySheetRows}, every cell neutralised
 * (`docs/domain.md`, "EX-01 CSV injection").
 * @returns the file name `day_sheet_<day>.csv` and its text
 */
export async function daySheetCsv(ctx: ServiceContext, key: DaySheetKey): Promise<{ fileName: string; text: string }> {
  const { day, rows } = await daySheetRows(ctx, key);
  return { fileName: `day_sheet_${day}.csv`, text: csvChunk(rows) };
}

/**
 * The day sheet as an Excel workbook (`GET /api/day-sheets/xlsx`): the rows of the CSV, receipt
 * numbers and parish numbers as text cells, rupee amounts as number cells
 * (`docs/decisions/0040-excel-downloads-made-on-the-server.md`).
 * @returns the file name `day_sheet_<day>.xlsx` and the workbook's bytes
 */
export async function daySheetXlsx(
  ctx: ServiceContext,
  key: DaySheetKey,
): Promise<{ fileName: string; bytes: Buffer }> {
  const { day, rows } = await daySheetRows(ctx, key);
  const parts: Uint8Array[] = [];
  for await (const part of xlsxStream(oneChunk(rows), 'Day sheet')) parts.push(part);
  return { fileName: `day_sheet_${day}.xlsx`, bytes: Buffer.concat(parts) };
}

/** The rows as the one chunk of an async iterable (what {@link xlsxStream} reads). */
async function* oneChunk<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

/**
 * The printable day sheet (`GET /api/day-sheets/print`): parish, cashier, day and state; the
 * receipts and the reversals; totals by method (collected, reversed, net); the cash count with
 * its difference; a signature line. Every value HTML-escaped; its style carries `nonce`.
 */
export async function daySheetHtml(ctx: ServiceContext, key: DaySheetKey, nonce: string): Promise<string> {
  const sheet = await getDaySheet(ctx, key);
  const parish = await getParishSettings(ctx.db);
  const e = escapeHtml;
  const tz = await parishTimeZone(ctx);
  const inr = (amount: Rupees) => e(formatINR(rupeesToPaise(amount)));
  const receiptRows = sheet.receipts
    .map(
      (r) =>
        `<tr><td>${e(r.number)}</td><td><bdi>${e(r.member.name)}</bdi> (${e(r.member.parishNumber)})</td><td>${e(methodLabel(r.method))}</td><td>${e(r.reference ?? '')}</td><td class="num">${inr(r.total)}</td><td>${r.voided ? 'Voided later' : ''}</td></tr>`,
    )
    .join('\n');
  const reversalRows = sheet.reversals
    .map(
      (r) =>
        `<tr><td>${e(r.number)}</td><td>${e(formatDisplayDate(r.originalDate))}</td><td><bdi>${e(r.member.name)}</bdi></td><td>${e(methodLabel(r.method))}</td><td>${e(reasonLabel(r.reason))}${r.note ? ` — <bdi>${e(r.note)}</bdi>` : ''}</td><td class="num">−${inr(r.total)}</td></tr>`,
    )
    .join('\n');
  const totals = METHODS.map(
    (m) =>
      `<tr><th scope="row">${methodLabel(m)}</th><td class="num">${inr(sheet.collected[m])}</td><td class="num">${inr(sheet.reversed[m])}</td><td class="num">${inr(sheet.net[m])}</td></tr>`,
  ).join('\n');
  const count = sheet.cashCount
    ? `<h3>Cash count</h3><table><tbody>${Object.entries(sheet.cashCount.notes)
        .map(
          ([face, n]) =>
            `<tr><th scope="row">₹${e(face)} × ${e(String(n))}</th><td class="num">${inr(rupees(Number(face) * n))}</td></tr>`,
        )
        .join(
          '',
        )}<tr><th scope="row">Coins</th><td class="num">${inr(sheet.cashCount.coins)}</td></tr><tr><th scope="row">Counted</th><td class="num">${inr(sheet.cashCount.counted)}</td></tr><tr><th scope="row">Difference</th><td class="num">${inr(sheet.cashCount.difference)}</td></tr></tbody></table>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Day sheet ${e(formatDisplayDate(sheet.day))}</title>
<style nonce="${e(nonce)}">
  body { font-family: system-ui, sans-serif; color: #1a1b1e; margin: 0; padding: 24px; }
  main { max-width: 900px; margin: 0 auto; }
  h1 { font-size: 20px; margin: 0; } h2 { font-size: 16px; margin: 16px 0 4px; } h3 { font-size: 14px; margin: 12px 0 4px; }
  table { width: 100%; border-collapse: collapse; font-size: 13px; }
  th, td { text-align: left; padding: 4px; border-bottom: 1px solid #dee2e6; }
  .num { text-align: right; font-variant-numeric: tabular-nums; }
  .muted { color: #495057; }
  .sign { margin-top: 40px; display: flex; justify-content: space-between; }
</style></head>
<body><main>
<h1><bdi>${e(parish.name)}</bdi> — Day sheet</h1>
<p class="muted">Cashier: <bdi>${e(sheet.cashier.name)}</bdi> · Day: ${e(formatDisplayDate(sheet.day))} · ${sheet.status === 'closed' ? `Closed ${e(formatDisplayDate(sheet.closedAt, tz))}` : 'Open'} · Receipts: ${sheet.receiptCount} · Voided receipts: ${sheet.voidedCount}</p>
<h2>Totals</h2>
<table><thead><tr><th scope="col">Method</th><th scope="col" class="num">Collected</th><th scope="col" class="num">Reversed</th><th scope="col" class="num">Net</th></tr></thead>
<tbody>${totals}
<tr><th scope="row">Total</th><td class="num">${inr(sheet.collected.total)}</td><td class="num">${inr(sheet.reversed.total)}</td><td class="num"><strong>${inr(sheet.net.total)}</strong></td></tr></tbody></table>
${count}
<h2>Receipts</h2>
<table><thead><tr><th scope="col">Receipt No.</th><th scope="col">Member</th><th scope="col">Method</th><th scope="col">Reference</th><th scope="col" class="num">Amount</th><th scope="col"></th></tr></thead>
<tbody>${receiptRows || '<tr><td colspan="6">No receipts</td></tr>'}</tbody></table>
<h2>Reversals</h2>
<table><thead><tr><th scope="col">Receipt No.</th><th scope="col">Receipt date</th><th scope="col">Member</th><th scope="col">Method</th><th scope="col">Reason</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${reversalRows || '<tr><td colspan="6">No reversals</td></tr>'}</tbody></table>
<div class="sign"><span>Cashier's signature</span><span>Received by</span></div>
</main></body></html>
`;
}
