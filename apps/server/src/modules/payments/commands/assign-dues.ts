import { sql } from 'drizzle-orm';

import type { AssignPaymentsResult } from '@parish/shared';

import type { ServiceContext } from '../../../context.ts';
import { queryRows } from '../../../db/client.ts';
import { lockDataVersions } from '../../../db/data-versions.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import {
  lockHead,
  planTags,
  wantedAmounts,
  type AssignInput,
  type Skipped,
  type TagTarget,
} from '../ledger/tag-plan.ts';
import { applyTagPlan } from '../ledger/apply-tag-plan.ts';
import { paymentHeld } from '../ledger/checkout-hold.ts';

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
