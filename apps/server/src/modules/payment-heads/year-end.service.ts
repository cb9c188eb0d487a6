import { sql } from 'drizzle-orm';

import {
  HEAD_OR_MEMBER_NOT_FOUND_MESSAGE,
  ROLLOVER_NOT_CURRENT_MESSAGE,
  paiseOfSum,
  paiseToRupees,
  sumPaise,
  type RolloverInput,
  type RolloverSummary,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { lockDataVersions } from '../../db/data-versions.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { rollOverDues } from '../payments/commands/roll-over-dues.ts';

/** An unpaid payment: pending or failed (`docs/domain.md`, §3 "Derived figures"); not paid, not waived. */
const UNPAID = sql`status::text in ('pending', 'failed')`;

/**
 * The roll-over figures of the current-due heads of `year` (all of them, or those of `ids`): per
 * head its unpaid payments and amount and its paid ones, from the head status summary
 * (`docs/ARCHITECTURE.md`, "Summary tables"); and the distinct members with an unpaid payment of
 * any of them, from the payments of those heads (index on head and status). Money in rupees.
 */
async function rolloverFigures(db: DbOrTx, year: number, ids: readonly string[] | null): Promise<RolloverSummary> {
  const only = ids ? sql`and h.id = any(${sql.param([...ids])}::uuid[])` : sql``;
  const heads = await queryRows<{
    id: string;
    name: string;
    year: number;
    members: unknown;
    unpaid: unknown;
    paid: unknown;
  }>(
    db,
    sql`select h.id::text as id, h.name, h.year,
               coalesce(sum(s.count) filter (where s.status::text in ('pending', 'failed')), 0) as members,
               coalesce(sum(s.amount_paise) filter (where s.status::text in ('pending', 'failed')), 0) as unpaid,
               coalesce(sum(s.count) filter (where s.status = 'paid'), 0) as paid
          from payment_heads h left join payment_head_status_summary s on s.payment_head_id = h.id
         where h.type = 'current due' and h.year = ${year} ${only}
         group by h.parish_id, h.id order by lower(h.name), h.name, h.id`,
  );
  const headIds = heads.map((head) => head.id);
  const [distinct] = headIds.length
    ? await queryRows<{ members: unknown }>(
        db,
        sql`select count(distinct member_id) as members from payments
             where payment_head_id = any(${sql.param(headIds)}::uuid[]) and ${UNPAID}`,
      )
    : [];
  const unpaidPaise = sumPaise(heads.map((head) => paiseOfSum(head.unpaid)));
  return {
    year,
    heads: heads.map((head) => ({
      paymentHeadId: head.id,
      name: head.name,
      year: head.year,
      members: Number(head.members),
      unpaidAmount: paiseToRupees(paiseOfSum(head.unpaid)),
      paidMembers: Number(head.paid),
    })),
    members: Number(distinct?.members ?? 0),
    unpaidAmount: paiseToRupees(unpaidPaise),
  };
}

/**
 * `GET /api/payment-heads/rollover?year=` (admin; `docs/domain.md`, §4 "Year-end roll-over"): what
 * "Move unpaid current dues of year Y to arrears" would move — every current-due head of the year
 * with its unpaid members and amount (rupees), the distinct members and the total. Reads only.
 */
export async function previewRollover(ctx: ServiceContext, query: { year: number }): Promise<RolloverSummary> {
  return rolloverFigures(ctx.db, query.year, null);
}

/**
 * Moves the chosen current-due heads of a year to arrears (admin; `docs/domain.md`, §4 "Year-end
 * roll-over"), in ONE transaction with its audit event `payment_head.rolled_over`:
 * 1. locks the payments data version first (`docs/ARCHITECTURE.md`, "Lock order"), so that no
 *    tagging or CSV upload adds a payment of these heads under the old type meanwhile;
 * 2. locks the heads (`FOR NO KEY UPDATE`, id order), checks each is a current due of `year`,
 *    then the ledger's {@link rollOverDues} locks every payment of them (`FOR UPDATE`, id order),
 *    so that a collection, reversal or concession of one of them waits and its summary trigger
 *    then sees the new type, and clears the due date of their pending payments;
 * 3. computes the figures of what moves (the same as the preview), changes the heads' type to
 *    arrear and clears their due date. Every payment stays
 *    on its head, paid and unpaid; the `payment_heads` trigger moves the unpaid amounts from the
 *    members' current-due group to their arrears (migration 0004), and the arrears-first rule
 *    applies to them from the commit. No assignment changes, so the member list's cached pages
 *    stay exact (`docs/ARCHITECTURE.md`, "Data versions").
 * After the commit, `head.updated` for each head.
 * @returns the figures moved (rupees)
 * @throws 404 an unknown head; 400 {@link ROLLOVER_NOT_CURRENT_MESSAGE} when a head is not a
 *   current due of `year` (another year, another type, or already moved)
 */
export async function rolloverHeads(ctx: ServiceContext, input: RolloverInput): Promise<RolloverSummary> {
  const ids = [...new Set(input.paymentHeadIds)].sort();
  const now = ctx.clock.now().toISOString();
  const moved = await ctx.db.transaction(async (tx) => {
    await lockDataVersions(tx, ['payments']);
    const heads = await queryRows<{ id: string; type: string; year: number }>(
      tx,
      sql`select id::text as id, type::text as type, year from payment_heads
           where id = any(${sql.param(ids)}::uuid[]) order by id for no key update`,
    );
    if (heads.length !== ids.length) throw notFound(HEAD_OR_MEMBER_NOT_FOUND_MESSAGE);
    if (heads.some((head) => head.type !== 'current due' || head.year !== input.year)) {
      throw badRequest(ROLLOVER_NOT_CURRENT_MESSAGE, 'paymentHeadIds');
    }
    await rollOverDues(tx, ids);
    const figures = await rolloverFigures(tx, input.year, ids);
    await tx.execute(
      sql`update payment_heads set type = 'arrear', due_date = null, updated_at = ${now}
           where id = any(${sql.param(ids)}::uuid[])`,
    );
    await recordAudit(tx, ctx.audit, {
      action: 'payment_head.rolled_over',
      entityType: 'payment_head',
      before: { year: input.year, type: 'current due' },
      after: {
        year: input.year,
        type: 'arrear',
        heads: figures.heads.map((head) => ({
          _id: head.paymentHeadId,
          name: head.name,
          members: head.members,
          unpaidAmount: head.unpaidAmount,
          paidMembers: head.paidMembers,
        })),
        members: figures.members,
        unpaidAmount: figures.unpaidAmount,
      },
    });
    return figures;
  });
  for (const paymentHeadId of ids) ctx.events.publish({ type: 'head.updated', data: { paymentHeadId } });
  return moved;
}
