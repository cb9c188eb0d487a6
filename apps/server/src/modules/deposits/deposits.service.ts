import {
  MSG,
  addPaise,
  amountInWords,
  formatDisplayDate,
  formatINR,
  paise,
  paiseOfSum,
  paiseToRupees,
  sumPaise,
  type CreateDepositInput,
  type Deposit,
  type DepositCheque,
  type DepositList,
  type Paise,
  type PendingDeposits,
} from '@parish/shared';
import { sql } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { recordDeposit } from '../payments/commands/record-deposit.ts';
import { netCashOfDaySql, type CashCount } from '../payments/ledger/deposits.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * Bank deposits (`docs/domain.md`, "Bank deposits"; decision 0147): what is not yet deposited, the
 * recorded slips and their printable pay-in slip. Amounts rupees on the wire, paise inside; days
 * parish calendar dates.
 */

/** A cash count for the wire: notes by face value, coins in rupees. */
const countOut = (count: CashCount | null) =>
  count ? { notes: count.notes, coins: paiseToRupees(paise(count.coins)) } : null;

interface ChequeRow {
  receipt_id: string;
  number: string;
  name: string;
  parish_number: string;
  bank: string;
  cheque_number: string;
  cheque_date: string;
  total_paise: string;
  status: string;
}

const chequeOut = (row: ChequeRow): DepositCheque => ({
  receiptId: row.receipt_id,
  receiptNumber: row.number,
  member: { name: row.name, parishNumber: row.parish_number },
  bank: row.bank,
  number: row.cheque_number,
  date: row.cheque_date,
  amount: paiseToRupees(paiseOfSum(row.total_paise)),
  status: row.status,
});

const CHEQUE_COLUMNS = sql`r.id as receipt_id, r.number, m.name, m.parish_number, r.cheque_bank as bank,
  r.cheque_number, to_char(r.cheque_date, 'YYYY-MM-DD') as cheque_date, r.total_paise, r.cheque_status as status`;

/**
 * "Not yet deposited" (`GET /api/deposits/pending`): per cashier and closed day, newest first, the
 * day's net cash when it is on no slip yet (days whose net cash is 0 and that have no cheque left
 * are left out) with the day's cash count, and the day's cheques still `received`; the totals. An
 * admin (and accountant) sees every cashier, a cashier their own days. Open days are not listed:
 * their sheet may still change.
 */
export async function listPendingDeposits(ctx: ServiceContext): Promise<PendingDeposits> {
  const actor = actorOf(ctx);
  const tz = await parishTimeZone(ctx);
  const onlyMine = actor.role === 'cashier';
  const days = await queryRows<{
    cashier_id: string;
    name: string;
    day: string;
    cash: string | null;
    denominations: CashCount | null;
  }>(
    ctx.db,
    sql`select c.cashier_id, s.name, to_char(c.day, 'YYYY-MM-DD') as day, c.denominations,
               case when exists (select 1 from bank_deposit_days x where x.cashier_id = c.cashier_id and x.day = c.day)
                    then null else ${netCashOfDaySql(tz, sql`c.cashier_id`, sql`c.day`)} end as cash
          from cashier_days c join staff_users s on s.id = c.cashier_id
         where c.closed_at is not null and (not ${onlyMine}::boolean or c.cashier_id = ${actor.id})
         order by c.day desc, s.name`,
  );
  const cheques = await queryRows<ChequeRow & { cashier_id: string; day: string }>(
    ctx.db,
    sql`select ${CHEQUE_COLUMNS}, r.collected_by as cashier_id,
               to_char((r.issued_at at time zone ${tz})::date, 'YYYY-MM-DD') as day
          from receipts r join members m on m.id = r.member_id
          join cashier_days c on c.cashier_id = r.collected_by and c.day = (r.issued_at at time zone ${tz})::date
         where r.cheque_status = 'received' and r.voided_at is null and r.payment_gateway = 'manual'
           and c.closed_at is not null and (not ${onlyMine}::boolean or r.collected_by = ${actor.id})
         order by r.issued_at, r.number`,
  );
  const chequesOf = new Map<string, DepositCheque[]>();
  const chequePaise: Paise[] = [];
  for (const row of cheques) {
    const key = `${row.cashier_id}/${row.day}`;
    chequesOf.set(key, [...(chequesOf.get(key) ?? []), chequeOut(row)]);
    chequePaise.push(paiseOfSum(row.total_paise));
  }
  const cashPaise: Paise[] = [];
  const items = days.flatMap((row) => {
    const cash = row.cash === null ? null : paiseOfSum(row.cash);
    const dayCheques = chequesOf.get(`${row.cashier_id}/${row.day}`) ?? [];
    if ((cash === null || cash === 0) && dayCheques.length === 0) return [];
    if (cash !== null) cashPaise.push(cash);
    const total = addPaise(cash ?? paise(0), sumPaise(dayCheques.map((c) => paise(Math.round(c.amount * 100)))));
    return [
      {
        cashier: { _id: row.cashier_id, name: row.name },
        day: row.day,
        cash: cash === null ? null : paiseToRupees(cash),
        cashCount: countOut(row.denominations),
        cheques: dayCheques,
        total: paiseToRupees(total),
      },
    ];
  });
  const cashTotal = sumPaise(cashPaise);
  const chequeTotal = sumPaise(chequePaise);
  return {
    days: items,
    totals: {
      cash: paiseToRupees(cashTotal),
      cheque: paiseToRupees(chequeTotal),
      total: paiseToRupees(addPaise(cashTotal, chequeTotal)),
    },
  };
}

/** Records a deposit (`POST /api/deposits`) through the ledger's {@link recordDeposit}, and answers it. */
export async function createDeposit(ctx: ServiceContext, input: CreateDepositInput): Promise<Deposit> {
  const { depositId } = await recordDeposit(ctx, input);
  return getDeposit(ctx, depositId);
}

interface DepositRow {
  id: string;
  slip_number: string;
  bank_account: string;
  deposit_date: string;
  cash_paise: string;
  cheque_paise: string;
  total_paise: string;
  denominations: CashCount | null;
  created_by: string | null;
  created_at: string;
}

const DEPOSIT_COLUMNS = sql`d.id, d.slip_number, d.bank_account, to_char(d.deposit_date, 'YYYY-MM-DD') as deposit_date,
  d.cash_paise, d.cheque_paise, d.total_paise, d.denominations, s.name as created_by, d.created_at`;

const depositOut = (row: DepositRow): Omit<Deposit, 'days' | 'cheques'> => ({
  _id: row.id,
  slipNumber: row.slip_number,
  bankAccount: row.bank_account,
  depositDate: row.deposit_date,
  cash: paiseToRupees(paiseOfSum(row.cash_paise)),
  chequeTotal: paiseToRupees(paiseOfSum(row.cheque_paise)),
  total: paiseToRupees(paiseOfSum(row.total_paise)),
  denominations: countOut(row.denominations),
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * The recorded deposits (`GET /api/deposits`), newest deposit date first, at most 200: by deposit
 * date from/to (inclusive, parish dates) and slip number (exact), so a bank statement's line can be
 * matched by slip number, amount and date.
 */
export async function listDeposits(
  ctx: ServiceContext,
  query: { from?: string | undefined; to?: string | undefined; slipNumber?: string | undefined },
): Promise<DepositList> {
  const rows = await queryRows<DepositRow>(
    ctx.db,
    sql`select ${DEPOSIT_COLUMNS} from bank_deposits d left join staff_users s on s.id = d.created_by
         where (${query.from ?? null}::date is null or d.deposit_date >= ${query.from ?? null}::date)
           and (${query.to ?? null}::date is null or d.deposit_date <= ${query.to ?? null}::date)
           and (${query.slipNumber ?? null}::text is null or d.slip_number = ${query.slipNumber ?? null}::text)
         order by d.deposit_date desc, d.created_at desc limit 200`,
  );
  return { items: rows.map(depositOut) };
}

/**
 * One deposit with its days (cashier, day, cash) and its cheques (with their status now)
 * (`GET /api/deposits/{id}`).
 * @throws 404 unknown deposit.
 */
export async function getDeposit(ctx: ServiceContext, id: string): Promise<Deposit> {
  return depositOf(ctx.db, id);
}

async function depositOf(db: DbOrTx, id: string): Promise<Deposit> {
  const [row] = await queryRows<DepositRow>(
    db,
    sql`select ${DEPOSIT_COLUMNS} from bank_deposits d left join staff_users s on s.id = d.created_by where d.id = ${id}`,
  );
  if (!row) throw notFound(MSG.notFound);
  const days = await queryRows<{ cashier_id: string; name: string; day: string; cash_paise: string }>(
    db,
    sql`select x.cashier_id, s.name, to_char(x.day, 'YYYY-MM-DD') as day, x.cash_paise
          from bank_deposit_days x join staff_users s on s.id = x.cashier_id
         where x.deposit_id = ${id} order by x.day, s.name`,
  );
  const cheques = await queryRows<ChequeRow>(
    db,
    sql`select ${CHEQUE_COLUMNS} from bank_deposit_cheques dc join receipts r on r.id = dc.receipt_id
          join members m on m.id = r.member_id
         where dc.deposit_id = ${id} order by r.issued_at, r.number`,
  );
  return {
    ...depositOut(row),
    days: days.map((d) => ({
      cashier: { _id: d.cashier_id, name: d.name },
      day: d.day,
      cash: paiseToRupees(paiseOfSum(d.cash_paise)),
    })),
    cheques: cheques.map(chequeOut),
  };
}

/**
 * The printable pay-in slip of a deposit (`GET /api/deposits/{id}/print`), laid out as an Indian
 * bank's pay-in slip: the parish, the account, the date (dd/mm/yyyy), the slip number; the cash as
 * notes × count = amount and coins; the cheques (number, bank, date, drawer, amount); the cash,
 * cheque and grand totals in figures (₹, Indian grouping) and the total in words; signature lines.
 * Every value HTML-escaped; its style carries `nonce`.
 * @throws 404 unknown deposit.
 */
export async function depositSlipHtml(ctx: ServiceContext, id: string, nonce: string): Promise<string> {
  const deposit = await depositOf(ctx.db, id);
  const parish = await getParishSettings(ctx.db);
  const e = escapeHtml;
  const inr = (amount: number) => e(formatINR(paise(Math.round(amount * 100))));
  const notes = deposit.denominations
    ? Object.entries(deposit.denominations.notes)
        .filter(([, n]) => n > 0)
        .sort(([a], [b]) => Number(b) - Number(a))
        .map(
          ([face, n]) =>
            `<tr><td>₹${e(face)}</td><td class="num">${e(String(n))}</td><td class="num">${inr(Number(face) * n)}</td></tr>`,
        )
        .join('') + `<tr><td>Coins</td><td></td><td class="num">${inr(deposit.denominations.coins)}</td></tr>`
    : `<tr><td colspan="3">Notes and coins not counted</td></tr>`;
  const cheques = deposit.cheques
    .map(
      (c, i) =>
        `<tr><td>${i + 1}</td><td>${e(c.number)}</td><td><bdi>${e(c.bank)}</bdi></td><td>${e(formatDisplayDate(c.date))}</td><td><bdi>${e(c.member.name)}</bdi> (${e(c.member.parishNumber)})</td><td class="num">${inr(c.amount)}</td></tr>`,
    )
    .join('');
  const days = deposit.days
    .map((d) => `${e(formatDisplayDate(d.day))} (<bdi>${e(d.cashier.name)}</bdi>) ${inr(d.cash)}`)
    .join('; ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay-in slip ${e(deposit.slipNumber)}</title>
<style nonce="${e(nonce)}">
  body { font-family: system-ui, sans-serif; color: #1a1b1e; margin: 0; padding: 24px; }
  main { max-width: 820px; margin: 0 auto; border: 2px solid #1a1b1e; padding: 16px; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  h2 { font-size: 15px; margin: 16px 0 4px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; font-size: 14px; }
  dt { font-weight: 600; }
  table { width: 100%; border-collapse: collapse; font-size: 13px; }
  th, td { text-align: left; padding: 4px; border: 1px solid #adb5bd; }
  .num { text-align: right; font-variant-numeric: tabular-nums; }
  .total { font-weight: 700; font-size: 15px; }
  .muted { color: #495057; font-size: 12px; }
  .sign { margin-top: 48px; display: flex; justify-content: space-between; }
  @media print { body { padding: 0; } main { border-width: 1px; } }
</style></head>
<body><main>
<h1>Pay-in slip</h1>
<dl>
<dt>Date</dt><dd>${e(formatDisplayDate(deposit.depositDate))}</dd>
<dt>Account</dt><dd><bdi>${e(deposit.bankAccount)}</bdi></dd>
<dt>Account holder</dt><dd><bdi>${e(parish.name)}</bdi></dd>
<dt>Slip number</dt><dd>${e(deposit.slipNumber)}</dd>
</dl>
<h2>Cash</h2>
<table><thead><tr><th scope="col">Notes</th><th scope="col" class="num">Count</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${notes}<tr class="total"><th scope="row" colspan="2">Cash total</th><td class="num">${inr(deposit.cash)}</td></tr></tbody></table>
${days ? `<p class="muted">Cash of the day sheets: ${days}</p>` : ''}
<h2>Cheques</h2>
<table><thead><tr><th scope="col">#</th><th scope="col">Cheque No.</th><th scope="col">Bank and branch</th><th scope="col">Date</th><th scope="col">Drawer</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${cheques || '<tr><td colspan="6">No cheques</td></tr>'}<tr class="total"><th scope="row" colspan="5">Cheque total</th><td class="num">${inr(deposit.chequeTotal)}</td></tr></tbody></table>
<h2>Total</h2>
<table><tbody>
<tr class="total"><th scope="row">Total in figures</th><td class="num">${inr(deposit.total)}</td></tr>
<tr><th scope="row">Total in words</th><td>${e(amountInWords(paise(Math.round(deposit.total * 100))))}</td></tr>
</tbody></table>
<div class="sign"><span>Depositor's signature</span><span>Cashier (bank) / Teller stamp</span></div>
</main></body></html>
`;
}
