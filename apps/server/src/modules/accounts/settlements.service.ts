import { TZDate } from '@date-fns/tz';
import {
  addWorkingDays,
  ErrorCode,
  paise,
  paiseToRupees,
  SETTLEMENT_MSG,
  type Paise,
  type SettledPayment,
  type SettlementFetchResult,
  type SettlementList,
  type SettlementsQuery,
} from '@parish/shared';
import { sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { matchSettlementLines } from '../bank/matchers.ts';
import { gatewayTransport } from '../gateways/adapters.ts';
import { GatewayUnavailableError } from '../gateways/gateway-client.ts';
import { fetchRazorpaySettlementRecon, fetchRazorpaySettlements } from '../gateways/razorpay/razorpay-api.ts';
import { holidaySet } from '../settings/holidays.service.ts';
import { parishGatewaySettings, parishInProgress } from '../settings/parish-credentials.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';
import { REAL_MONEY } from './books.ts';
import { GATEWAY_SETTLED_SOURCES, type GatewaySettledSource } from './money-position.ts';

/**
 * Gateway settlements (issue 30 item 5, decision 0151; `docs/domain.md`, "Gateway settlements"):
 * what Razorpay (read through its Settlements API, razorpay.com/docs/api/settlements) and Worldline
 * (imported from the merchant portal's report, `worldline-report.ts`) paid into the parish's bank,
 * recorded once per settlement; the online payments of a range with their settlement, flagged
 * when not settled after {@link SETTLEMENT_DUE_WORKING_DAYS} working days. Amounts in paise inside.
 */

/** How many days back a fetch asks Razorpay for settlements (a daily run overlaps the previous ones). */
export const SETTLEMENT_LOOKBACK_DAYS = 10;
/** Working days after the day paid by which a payment should be settled (issue 30 item 5). */
export const SETTLEMENT_DUE_WORKING_DAYS = 3;

/** One payment (or refund, adjustment) of a settlement to record; amounts in paise, fee without GST. */
export interface NewSettlementItem {
  type: 'payment' | 'refund' | 'adjustment';
  entityId: string;
  /** Razorpay's order id, or Worldline's merchant transaction id (our txnId): finds our transaction. */
  reference: string | null;
  grossPaise: Paise;
  feePaise: Paise;
  taxPaise: Paise;
  netPaise: Paise;
}

/** One settlement to record: net paid to the bank, fee without GST and the GST, in paise; `settledAt` UTC ISO. */
export interface NewSettlement {
  settlementId: string;
  utr: string;
  amountPaise: Paise;
  feePaise: Paise;
  taxPaise: Paise;
  settledAt: string;
  items: NewSettlementItem[];
}

/**
 * The money the gateways' settlements moved to the bank before a parish day (decisions 0151 and
 * 0153; `docs/domain.md`, "Receipts and Payments account"), in paise, gross of the gateway's fees:
 * the sum of the gross of the settled payment items (settlement `settled_at` before `instant`, UTC)
 * whose transaction has a receipt that stands at that instant (issued before it, not voided before
 * it) and is real money (`REAL_MONEY`, the Tally export's filter): a voided receipt or test money
 * is not with the gateway in the statement, so its settlement is not moved either, and "with the
 * gateway" never goes below zero. Refund and adjustment items are left out: the product records no
 * refund as a receipt, so there is nothing of theirs "with the gateway" to move (decision 0153).
 */
export const settledGrossBefore: GatewaySettledSource = async (ctx, { instant }) => {
  const [row] = await queryRows<{ gross: string | null }>(
    ctx.db,
    sql`select sum(i.gross_paise)::text as gross
          from gateway_settlement_items i
          join gateway_settlements s on s.parish_id = i.parish_id and s.id = i.settlement_row_id
          join transactions t on t.parish_id = i.parish_id and t.id = i.transaction_id
         where i.type = 'payment'
           and s.settled_at < ${instant}::timestamptz
           and exists (select 1 from receipts r
                        where r.transaction_id = t.transaction_id
                          and r.payment_gateway::text in ('razorpay', 'worldline')
                          and r.issued_at < ${instant}::timestamptz
                          and (r.voided_at is null or r.voided_at >= ${instant}::timestamptz)
                          and ${REAL_MONEY})`,
  );
  return paise(Number(row?.gross ?? 0));
};
if (!GATEWAY_SETTLED_SOURCES.includes(settledGrossBefore)) GATEWAY_SETTLED_SOURCES.push(settledGrossBefore);

const nothing: SettlementFetchResult = { settlements: 0, items: 0, matched: 0 };

/**
 * Records settlements of a gateway in one transaction (decision 0151): a settlement already
 * recorded (same gateway and id) is skipped with its items, so the same settlement fetched or
 * imported twice changes nothing; each new item is linked to our transaction (by Razorpay's order
 * id, our txnId or the gateway's payment id). Then every bank account's unmatched credits are
 * matched with settlements by UTR. Audited `gateway.settlements_recorded` only when something was
 * new or matched.
 */
export async function recordSettlements(
  ctx: ServiceContext,
  gateway: 'razorpay' | 'worldline',
  source: { kind: 'api' | 'import'; fileName: string | null },
  settlements: NewSettlement[],
): Promise<SettlementFetchResult> {
  const recordedBy = ctx.actor?.type === 'staff' ? ctx.actor.id : null;
  return ctx.db.transaction(async (tx) => {
    const result = { ...nothing };
    let net = 0;
    for (const settlement of settlements) {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into gateway_settlements (gateway, settlement_id, utr, amount_paise, fee_paise, tax_paise,
                                             settled_at, source, recorded_by)
            values (${gateway}, ${settlement.settlementId}, ${settlement.utr}, ${settlement.amountPaise},
                    ${settlement.feePaise}, ${settlement.taxPaise}, ${settlement.settledAt}, ${source.kind},
                    ${recordedBy}::uuid)
            on conflict do nothing returning id`,
      );
      if (!row) continue;
      result.settlements += 1;
      net += settlement.amountPaise;
      result.items += await insertItems(tx, gateway, row.id, settlement.items);
    }
    result.matched = await matchSettlementLines(tx, {
      audit: ctx.audit,
      actorId: recordedBy,
      now: ctx.clock.now().toISOString(),
    });
    if (result.settlements > 0 || result.matched > 0) {
      await recordAudit(tx, ctx.audit, {
        action: 'gateway.settlements_recorded',
        entityType: 'gateway_settlement',
        entityId: gateway,
        after: {
          gateway,
          source: source.kind,
          fileName: source.fileName,
          ...result,
          net: paiseToRupees(net as Paise),
        },
      });
    }
    return result;
  });
}

/** Inserts a new settlement's items, each linked to our transaction when it is one. @returns how many were new */
async function insertItems(
  tx: DbOrTx,
  gateway: 'razorpay' | 'worldline',
  settlementRowId: string,
  items: NewSettlementItem[],
): Promise<number> {
  let added = 0;
  for (const item of items) {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`insert into gateway_settlement_items (settlement_row_id, gateway, type, entity_id, transaction_id,
                                                gross_paise, fee_paise, tax_paise, net_paise)
          values (${settlementRowId}, ${gateway}, ${item.type}, ${item.entityId},
                  (select t.id from transactions t
                    where t.payment_gateway = ${gateway}::payment_gateway
                      and (t.gateway_order_id = ${item.reference} or t.transaction_id = ${item.reference}
                           or t.pg_reference_id = ${item.entityId})
                    order by t.created_at limit 1),
                  ${item.grossPaise}, ${item.feePaise}, ${item.taxPaise}, ${item.netPaise})
          on conflict do nothing returning id`,
    );
    added += rows.length;
  }
  return added;
}

/** The Indian calendar day of a unix-seconds instant (Razorpay's days are Indian days). */
function istDay(seconds: number): string {
  const local = new TZDate(seconds * 1000, 'Asia/Kolkata');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * Fetches the parish's Razorpay settlements of the last {@link SETTLEMENT_LOOKBACK_DAYS} days and
 * records the processed ones with their payments (`POST /api/accounts/settlements/fetch`, and the
 * daily worker): "Fetch all settlements" for the settlements, "Settlement recon" of each day one
 * was made for the per-payment fee, tax and net (razorpay.com/docs/api/settlements). Razorpay's
 * `fees` include the GST and `tax` is the GST: the fee recorded is `fees − tax`. With the parish's
 * own Razorpay keys (decision 0130), else the environment's for the home parish; nothing when
 * Razorpay is off.
 * @throws AppError 503 `SETTLEMENT_MSG.gatewayUnavailable` when Razorpay cannot be reached
 */
export async function fetchRazorpaySettlementsNow(ctx: ServiceContext): Promise<SettlementFetchResult> {
  const settings = (await parishGatewaySettings(ctx, parishInProgress())).razorpay;
  if (settings.mode === 'off') return nothing;
  const transport = gatewayTransport(ctx);
  const to = Math.floor(ctx.clock.now().getTime() / 1000);
  const from = to - SETTLEMENT_LOOKBACK_DAYS * 86_400;
  let settlements: NewSettlement[];
  try {
    const found = (await fetchRazorpaySettlements(settings, transport, { from, to })).filter(
      (s) => s.status === 'processed' && s.utr,
    );
    const days = [...new Set(found.map((s) => istDay(s.created_at)))].sort();
    const recon = (await Promise.all(days.map((day) => fetchRazorpaySettlementRecon(settings, transport, day)))).flat();
    settlements = found.map((s) => ({
      settlementId: s.id,
      utr: s.utr ?? '',
      amountPaise: s.amount as Paise,
      feePaise: (s.fees - s.tax) as Paise,
      taxPaise: s.tax as Paise,
      settledAt: new Date(s.created_at * 1000).toISOString(),
      items: recon
        .filter((item) => item.settlement_id === s.id && item.settled)
        .map((item) => {
          const fee = item.fee ?? 0;
          const tax = item.tax ?? 0;
          const type = item.type === 'refund' || item.type === 'adjustment' ? item.type : 'payment';
          return {
            type,
            entityId: item.entity_id,
            reference: item.order_id ?? null,
            grossPaise: item.amount as Paise,
            feePaise: (fee - tax) as Paise,
            taxPaise: tax as Paise,
            netPaise: (item.credit - item.debit) as Paise,
          };
        }),
    }));
    // The sandbox is one merchant for every parish of the process: keep the settlements that carry
    // one of this parish's orders (a real Razorpay account belongs to one parish).
    if (settings.mode === 'sandbox') settlements = await withOurOrders(ctx.db, settlements);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    ctx.log.warn({ err: error.message }, 'Razorpay settlements could not be fetched');
    throw new AppError(ErrorCode.GATEWAY_UNAVAILABLE, SETTLEMENT_MSG.gatewayUnavailable);
  }
  return recordSettlements(ctx, 'razorpay', { kind: 'api', fileName: null }, settlements);
}

/** The settlements that carry at least one order of this parish's Razorpay transactions. */
async function withOurOrders(db: DbOrTx, settlements: NewSettlement[]): Promise<NewSettlement[]> {
  const references = settlements.flatMap((s) => s.items.map((item) => item.reference ?? ''));
  if (references.length === 0) return [];
  const ours = await queryRows<{ gateway_order_id: string }>(
    db,
    sql`select gateway_order_id from transactions
         where payment_gateway = 'razorpay' and gateway_order_id = any(${sql.param(references)}::text[])`,
  );
  const known = new Set(ours.map((row) => row.gateway_order_id));
  return settlements.filter((s) => s.items.some((item) => item.reference !== null && known.has(item.reference)));
}

interface PaymentRow {
  transaction_id: string;
  gateway: 'razorpay' | 'worldline';
  pg_reference_id: string | null;
  amount_paise: string;
  is_test: boolean;
  paid_on: string;
  member_name: string;
  parish_number: string;
  receipt_number: string | null;
  fee_paise: string | null;
  tax_paise: string | null;
  net_paise: string | null;
  settlement_id: string | null;
  utr: string | null;
  settled_on: string | null;
}

const rupeesOf = (value: string | number) => paiseToRupees(Number(value) as Paise);
const rupeesOrNull = (value: string | null) => (value === null ? null : rupeesOf(value));

/**
 * The online payments (successful Razorpay and Worldline checkouts) paid in a range of parish
 * days, oldest first, each with its settlement: gross, fee (without GST), GST on the fee and net in
 * rupees, the settlement's id, UTR and parish day; `unsettled` when no settlement carried it and
 * today (parish time) is after `dueBy`, the {@link SETTLEMENT_DUE_WORKING_DAYS}rd working day after
 * the day paid (`docs/domain.md`, "Working days": not Sundays, 2nd/4th Saturdays or the parish's
 * holidays). Totals of the settled ones, the count of the unsettled.
 */
export async function listSettlements(ctx: ServiceContext, query: SettlementsQuery): Promise<SettlementList> {
  const tz = await parishTimeZone(ctx);
  const start = sql`(${query.from}::date::timestamp at time zone ${tz})`;
  const end = sql`((${query.to}::date + 1)::timestamp at time zone ${tz})`;
  const rows = await queryRows<PaymentRow>(
    ctx.db,
    sql`select t.transaction_id, t.payment_gateway::text as gateway, t.pg_reference_id, t.amount_paise, t.is_test,
               to_char(t.settled_at at time zone ${tz}, 'YYYY-MM-DD') as paid_on,
               m.name as member_name, m.parish_number,
               (select r.number from receipts r where r.parish_id = t.parish_id and r.transaction_id = t.transaction_id
                 order by r.issued_at limit 1) as receipt_number,
               i.fee_paise, i.tax_paise, i.net_paise, s.settlement_id, s.utr,
               to_char(s.settled_at at time zone ${tz}, 'YYYY-MM-DD') as settled_on
          from transactions t
          join members m on m.parish_id = t.parish_id and m.id = t.member_id
          left join gateway_settlement_items i on i.parish_id = t.parish_id and i.transaction_id = t.id and i.type = 'payment'
          left join gateway_settlements s on s.parish_id = i.parish_id and s.id = i.settlement_row_id
         where t.status = 'success' and t.payment_gateway in ('razorpay', 'worldline')
           and t.settled_at >= ${start} and t.settled_at < ${end}
         order by t.settled_at, t.transaction_id`,
  );
  const holidays = await holidaySet(ctx.db);
  const now = new TZDate(ctx.clock.now().getTime(), tz);
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const totals = { gross: 0, fee: 0, tax: 0, net: 0, unsettled: 0 };
  const payments = rows.map((row): SettledPayment => {
    const dueBy = addWorkingDays(row.paid_on, SETTLEMENT_DUE_WORKING_DAYS, holidays);
    const settled = row.settlement_id !== null;
    const unsettled = !settled && today > dueBy;
    if (settled) {
      totals.gross += Number(row.amount_paise);
      totals.fee += Number(row.fee_paise);
      totals.tax += Number(row.tax_paise);
      totals.net += Number(row.net_paise);
    }
    if (unsettled) totals.unsettled += 1;
    return {
      transactionId: row.transaction_id,
      gateway: row.gateway,
      gatewayPaymentId: row.pg_reference_id,
      receiptNumber: row.receipt_number,
      memberName: row.member_name,
      parishNumber: row.parish_number,
      paidOn: row.paid_on,
      gross: rupeesOf(row.amount_paise),
      fee: rupeesOrNull(row.fee_paise),
      tax: rupeesOrNull(row.tax_paise),
      net: rupeesOrNull(row.net_paise),
      settlementId: row.settlement_id,
      settlementUtr: row.utr,
      settledOn: row.settled_on,
      dueBy,
      unsettled,
      isTest: row.is_test,
    };
  });
  const [last] = await queryRows<{ at: string | null }>(
    ctx.db,
    sql`select max(recorded_at) as at from gateway_settlements`,
  );
  return {
    payments,
    totals: {
      gross: rupeesOf(totals.gross),
      fee: rupeesOf(totals.fee),
      tax: rupeesOf(totals.tax),
      net: rupeesOf(totals.net),
      unsettled: totals.unsettled,
    },
    lastRecordedAt: last?.at ? new Date(last.at).toISOString() : null,
  };
}
