import { sql } from 'drizzle-orm';

import type { AssignPaymentsResult } from '@parish/shared';

import type { ServiceContext } from '../../../context.ts';
import { queryRows, type Tx } from '../../../db/client.ts';
import { lockDataVersions } from '../../../db/data-versions.ts';
import type { paymentHeads } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import {
  lockHead,
  planTags,
  wantedAmounts,
  type AssignInput,
  type Skipped,
  type TagPlan,
  type TagTarget,
} from '../ledger/tag-plan.ts';
import { paymentHeld, releaseFinalCheckoutItems } from '../ledger/checkout-hold.ts';

/**
 * Tags members to a head (`docs/domain.md`, "Saving tags"), all in ONE transaction with one
 * audit event (`ctx.audit`) listing the member ids added, updated and revoked:
 * - with `replacePending`, the head's pending payments of members not selected are revoked first
 *   (never paid ones, never ones an online checkout refers to);
 * - a selected member without a payment of the head gets one (custom amount, else the head's);
 * - a selected member's pending payment gets the new amount;
 * - a selected member tagged with 0 gets no payment, and their pending payment of the head is
 *   removed (as the dues CSV reads 0: decision 0109); the answer counts them in `noDue`;
 * - a paid payment is never re-tagged (skipped, 'already paid'); unknown or inactive members
 *   are skipped.
 * After the commit a `head.updated` event names the members assigned and revoked.
 * @throws 404 'Payment head or member not found.' when the head does not exist.
 */
export async function assignPayments(ctx: ServiceContext, input: AssignInput): Promise<AssignPaymentsResult> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockDataVersions(tx, ['payments']);
    const head = await lockHead(tx, input.paymentHeadId);
    const skipped: Skipped[] = [];
    const wanted = wantedAmounts(input.assignments, head.amountPaise, skipped);
    const targets = await queryRows<TagTarget>(
      tx,
      sql`select m.id::text as id, m.is_active, p.status::text as status,
            ${paymentHeld(sql`p.id`)} as in_checkout
          from members m
          left join payments p on p.member_id = m.id and p.payment_head_id = ${head.id}
          where m.id = any(${sql.param([...wanted.keys()])}::uuid[])`,
    );
    const plan = planTags(wanted, targets, skipped);
    const { added, updated, revoked, noDue } = await applyTagPlan(tx, head, plan, input.replacePending);
    await recordAudit(tx, ctx.audit, {
      action: 'payment.tagged',
      entityType: 'payment_head',
      entityId: head.id,
      after: {
        paymentHead: { _id: head.id, name: head.name },
        replacePending: input.replacePending,
        added,
        updated,
        revoked,
        noDue,
        skipped,
      },
    });
    const assigned = added.length + updated.length;
    return {
      result: { success: true as const, assigned, revoked: revoked.length, noDue: plan.noDue.length, skipped },
      event: {
        paymentHeadId: head.id,
        assignedMemberIds: [...added, ...updated],
        revokedMemberIds: [...revoked, ...noDue],
      },
    };
  });
  // After commit: open screens of the head and of the members concerned refresh
  // (`docs/ARCHITECTURE.md`, "Live updates").
  ctx.events.publish({ type: 'head.updated', data: outcome.event });
  return outcome.result;
}

/**
 * Applies a tag plan inside the save's transaction; returns the member ids added, updated and
 * revoked, and those whose pending payment was removed by an amount of 0 (`noDue`).
 */
async function applyTagPlan(
  tx: Tx,
  head: typeof paymentHeads.$inferSelect,
  plan: TagPlan,
  replacePending: boolean,
): Promise<{ added: string[]; updated: string[]; revoked: string[]; noDue: string[] }> {
  const memberIds = (rows: { member_id: string }[]) => rows.map((row) => row.member_id);
  const noDue =
    plan.noDue.length === 0
      ? []
      : await queryRows<{ member_id: string }>(
          tx,
          sql`delete from payments p
              where p.payment_head_id = ${head.id} and p.status = 'pending' and p.concession_paise = 0
                and p.member_id = any(${sql.param(plan.noDue)}::uuid[])
                and not exists (select 1 from transaction_items ti where ti.payment_id = p.id)
              returning p.member_id::text as member_id`,
        );
  let revoked: string[] = [];
  if (replacePending) {
    const unkept = sql`p.payment_head_id = ${head.id} and not (p.member_id = any(${sql.param(plan.keep)}::uuid[]))`;
    await releaseFinalCheckoutItems(tx, unkept);
    const rows = await queryRows<{ member_id: string }>(
      tx,
      sql`delete from payments p
          where p.status = 'pending' and ${unkept} and not ${paymentHeld(sql`p.id`)}
          returning p.member_id::text as member_id`,
    );
    revoked = memberIds(rows);
  }
  const { inserts, updates } = plan;
  const added =
    inserts.memberIds.length === 0
      ? []
      : await queryRows<{ member_id: string }>(
          tx,
          sql`insert into payments (member_id, payment_head_id, amount_paise, year, due_date)
              select m, ${head.id}::uuid, a, ${head.year}::int, ${head.dueDate}::date
              from unnest(${sql.param(inserts.memberIds)}::uuid[], ${sql.param(inserts.amounts)}::bigint[]) as t(m, a)
              on conflict (member_id, payment_head_id) do nothing
              returning member_id::text as member_id`,
        );
  const updated =
    updates.memberIds.length === 0
      ? []
      : await queryRows<{ member_id: string }>(
          tx,
          sql`update payments p set amount_paise = t.a, updated_at = now()
              from unnest(${sql.param(updates.memberIds)}::uuid[], ${sql.param(updates.amounts)}::bigint[]) as t(m, a)
              where p.member_id = t.m and p.payment_head_id = ${head.id} and p.status <> 'paid'
                -- A waived or conceded due keeps its amount (docs/domain.md, §4 "Concessions").
                and p.status::text <> 'waived' and p.concession_paise = 0
              returning p.member_id::text as member_id`,
        );
  return { added: memberIds(added), updated: memberIds(updated), revoked, noDue: memberIds(noDue) };
}
