import { paise, type Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { REAL_MONEY } from './books.ts';

/**
 * Where the parish's money sits at the start of a parish day (decision 0153; `docs/domain.md`,
 * "Receipts and Payments account"), from what the product recorded. Amounts in paise.
 *
 * Every receipt issued before the moment and not voided before it (test money left out, as in the
 * Tally export, decision 0146) is money the parish holds, by its way of paying as the ledger mapping
 * books it (`assetOf` in `books.ts`): a gateway payment (Razorpay, Worldline) is with the gateway
 * until a settlement brings it to the bank; UPI at the counter is in the bank; a cheque is in hand
 * until a bank deposit slip dated before the day carries it (decision 0147), then in the bank (a
 * bounce voids the receipt, so the bounced cheque leaves both); cash is in hand less the cash of
 * the slips dated before the day (a slip's cash is its day sheets' net cash), which is in the bank.
 */

/** Where the money sits, in paise (see the module's comment). */
export interface PositionPaise {
  cashInHand: Paise;
  chequesInHand: Paise;
  bank: Paise;
  withGateway: Paise;
}

/**
 * The money the gateways' settlements moved to the bank before a parish day (paise, gross of the
 * gateway's fees): the plug for the gateway settlements (issue 30 item 5, built elsewhere). Given
 * the day (`YYYY-MM-DD`, parish time) and the instant it starts (ISO, UTC), a source returns what
 * the settlements dated before that day cleared from the gateways; it is moved from "with the
 * gateway" to "bank". The fees the gateway kept are a payment, kept in the parish's books.
 */
export type GatewaySettledSource = (ctx: ServiceContext, before: { day: string; instant: string }) => Promise<Paise>;

/**
 * The settled-money sources: `settlements.service.ts` pushes `settledGrossBefore` here when it is
 * loaded (the accounts routes load it), so this file does not import the settlements (decision 0153).
 */
export const GATEWAY_SETTLED_SOURCES: GatewaySettledSource[] = [];

interface WayRow {
  way: 'cash' | 'cheque' | 'upi' | 'gateway';
  standing: string | null;
  not_on_slip: string | null;
}

/**
 * Where the money sits at the start of parish day `day` (that is, at the end of the day before).
 * @param day `YYYY-MM-DD`, a parish calendar day
 * @param timeZone the parish's time zone (IANA)
 */
export async function positionBefore(ctx: ServiceContext, day: string, timeZone: string): Promise<PositionPaise> {
  const [{ instant } = { instant: '' }] = await queryRows<{ instant: string }>(
    ctx.db,
    sql`select to_char((${day}::date::timestamp at time zone ${timeZone}) at time zone 'UTC',
                       'YYYY-MM-DD"T"HH24:MI:SS"Z"') as instant`,
  );
  const ways = await queryRows<WayRow>(
    ctx.db,
    sql`select way, sum(total_paise)::text as standing,
               (sum(total_paise) filter (where not on_slip))::text as not_on_slip
          from (select r.total_paise,
                       case when r.payment_gateway::text in ('razorpay', 'worldline') then 'gateway'
                            when r.payment_method = 'upi' then 'upi'
                            when r.payment_method = 'cheque' then 'cheque'
                            else 'cash' end as way,
                       exists (select 1 from bank_deposit_cheques c
                                 join bank_deposits d on d.parish_id = c.parish_id and d.id = c.deposit_id
                                where c.receipt_id = r.id and d.deposit_date < ${day}::date) as on_slip
                  from receipts r
                 where r.issued_at < ${instant}::timestamptz
                   and (r.voided_at is null or r.voided_at >= ${instant}::timestamptz)
                   and ${REAL_MONEY}) standing
         group by way`,
  );
  const [deposited] = await queryRows<{ cash: string | null }>(
    ctx.db,
    sql`select sum(cash_paise)::text as cash from bank_deposits where deposit_date < ${day}::date`,
  );
  const of = (way: WayRow['way'], column: 'standing' | 'not_on_slip'): number =>
    Number(ways.find((row) => row.way === way)?.[column] ?? 0);
  let settled = 0;
  for (const source of GATEWAY_SETTLED_SOURCES) settled += await source(ctx, { day, instant });
  const cashDeposited = Number(deposited?.cash ?? 0);
  const chequesInHand = of('cheque', 'not_on_slip');
  return {
    cashInHand: paise(of('cash', 'standing') - cashDeposited),
    chequesInHand: paise(chequesInHand),
    bank: paise(of('upi', 'standing') + cashDeposited + of('cheque', 'standing') - chequesInHand + settled),
    withGateway: paise(of('gateway', 'standing') - settled),
  };
}

/** The sum of a position (paise). */
export function positionTotal(position: PositionPaise): Paise {
  return paise(position.cashInHand + position.chequesInHand + position.bank + position.withGateway);
}
