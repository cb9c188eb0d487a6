import { sql } from 'drizzle-orm';

import type { RevokePaymentsResult } from '@parish/shared';

import type { ServiceContext } from '../../../context.ts';
import { queryRows } from '../../../db/client.ts';
import { lockDataVersions } from '../../../db/data-versions.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { UUID, lockHead } from '../ledger/tag-plan.ts';
import { paymentHeld, releaseFinalCheckoutItems } from '../ledger/checkout-hold.ts';

/**
 * Revokes the head's pending payments of the given members (`docs/domain.md`, "Cancel tags") in
 * one transaction with its audit event (`ctx.audit`). Paid payments, and payments an online
 * checkout refers to, are never revoked. After the commit a `head.updated` event names the members
 * revoked.
 * @throws 404 'Payment head or member not found.' when the head does not exist.
 */
export async function revokePayments(
  ctx: ServiceContext,
  input: { paymentHeadId: string; memberIds: string[] },
): Promise<RevokePaymentsResult> {
  const ids = input.memberIds.filter((id) => UUID.test(id));
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockDataVersions(tx, ['payments']);
    const head = await lockHead(tx, input.paymentHeadId);
    const chosen = sql`p.payment_head_id = ${head.id} and p.member_id = any(${sql.param(ids)}::uuid[])`;
    await releaseFinalCheckoutItems(tx, chosen);
    const rows = await queryRows<{ member_id: string }>(
      tx,
      sql`delete from payments p
          where p.status = 'pending' and ${chosen} and not ${paymentHeld(sql`p.id`)}
          returning p.member_id::text as member_id`,
    );
    await recordAudit(tx, ctx.audit, {
      action: 'payment.revoked',
      entityType: 'payment_head',
      entityId: head.id,
      after: { paymentHead: { _id: head.id, name: head.name }, revoked: rows.map((row) => row.member_id) },
    });
    return {
      result: { success: true as const, revoked: rows.length },
      headId: head.id,
      revokedMemberIds: rows.map((row) => row.member_id),
    };
  });
  ctx.events.publish({
    type: 'head.updated',
    data: { paymentHeadId: outcome.headId, assignedMemberIds: [], revokedMemberIds: outcome.revokedMemberIds },
  });
  return outcome.result;
}
