import { eq } from 'drizzle-orm';

import { MSG, maskPan, type MemberPan } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { members } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * The donor's PAN on a member (issue 30 item 8, decision 0148; `docs/domain.md`, "Donations under
 * section 80G"): stored on the member row of its parish (migration 0043), in full; an admin sees it
 * in full, other staff masked (ABCPE****F). The member's own screens, the public receipt check and
 * the member list never carry it.
 */

/** The PAN as the caller may see it: in full for an admin, else masked. */
function panFor(ctx: ServiceContext, pan: string | null): MemberPan {
  const actor = actorOf(ctx);
  if (pan === null) return { pan: null, masked: false };
  const full = actor.type === 'staff' && actor.role === 'admin';
  return full ? { pan, masked: false } : { pan: maskPan(pan), masked: true };
}

/**
 * A member's PAN (`GET /api/members/{id}/pan`, admin and cashier).
 * @returns `{ pan, masked }`: null when none is stored; masked for a cashier
 * @throws AppError 404 {@link MSG.notFound} for an unknown member (or another parish's)
 */
export async function getMemberPan(ctx: ServiceContext, memberId: string): Promise<MemberPan> {
  const [row] = await ctx.db.select({ pan: members.pan }).from(members).where(eq(members.id, memberId));
  if (!row) throw notFound(MSG.notFound);
  return panFor(ctx, row.pan);
}

/**
 * Sets or removes a member's PAN (`PUT /api/members/{id}/pan`, admin), with its audit event
 * `member.pan_updated` in the same transaction; the audit records the PAN masked, never in full.
 * @param pan checked and upper-cased by `panInputSchema`; null removes it
 * @returns the PAN as the admin sees it (in full)
 * @throws AppError 404 {@link MSG.notFound} for an unknown member; nothing changes
 */
export async function setMemberPan(ctx: ServiceContext, memberId: string, pan: string | null): Promise<MemberPan> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ pan: members.pan }).from(members).where(eq(members.id, memberId)).for('update');
    if (!before) throw notFound(MSG.notFound);
    if (before.pan !== pan) {
      await tx.update(members).set({ pan, updatedAt: ctx.clock.now().toISOString() }).where(eq(members.id, memberId));
      await recordAudit(tx, ctx.audit, {
        action: 'member.pan_updated',
        entityType: 'member',
        entityId: memberId,
        before: { pan: before.pan === null ? null : maskPan(before.pan) },
        after: { pan: pan === null ? null : maskPan(pan) },
      });
    }
    return panFor(ctx, pan);
  });
}
