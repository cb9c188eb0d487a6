import { eq } from 'drizzle-orm';

import type { Registration80g } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { parishSettings } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * The parish trust's 80G registration (issue 30 item 8, decision 0148; `docs/domain.md`,
 * "Donations under section 80G"), kept on the parish's settings row (migration 0043).
 */

/** No registration: every field ''. */
const NONE: Registration80g = { trustName: '', trustPan: '', registrationNumber: '', validFrom: '', validTo: '' };

/**
 * The trust's 80G registration as stored, `''` for a field not set.
 * @returns the registration; {@link NONE} without a settings row
 */
export async function readRegistration80g(db: DbOrTx): Promise<Registration80g> {
  const [row] = await db
    .select({
      trustName: parishSettings.trustName,
      trustPan: parishSettings.trustPan,
      registrationNumber: parishSettings.registration80g,
      validFrom: parishSettings.registration80gFrom,
      validTo: parishSettings.registration80gTo,
    })
    .from(parishSettings)
    .where(eq(parishSettings.id, 1));
  if (!row) return NONE;
  return { ...row, validFrom: row.validFrom ?? '', validTo: row.validTo ?? '' };
}

/**
 * Whether the registration is complete and in force on a calendar date (decision 0148): every
 * field set and `validFrom <= day <= validTo` (both inclusive, dates in the parish's time zone).
 * @param day `YYYY-MM-DD`, the receipt's date in the parish's time zone
 */
export function registrationValidOn(registration: Registration80g, day: string): boolean {
  const { trustName, trustPan, registrationNumber, validFrom, validTo } = registration;
  if (!trustName || !trustPan || !registrationNumber || !validFrom || !validTo) return false;
  return validFrom <= day && day <= validTo;
}

/**
 * Saves the trust's 80G registration (admin, Parish Settings), with its audit event
 * `settings.registration_80g_updated` (before and after) in the same transaction.
 * @param input already checked by `updateRegistration80gSchema` (all fields or none; PAN and URN
 *   formats; the URN starts with the trust PAN; dates in order)
 * @returns the registration as stored
 * @throws AppError 401 without a signed-in caller
 */
export async function updateRegistration80g(ctx: ServiceContext, input: Registration80g): Promise<Registration80g> {
  actorOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await readRegistration80g(tx);
    const values = {
      trustName: input.trustName,
      trustPan: input.trustPan,
      registration80g: input.registrationNumber,
      registration80gFrom: input.validFrom || null,
      registration80gTo: input.validTo || null,
    };
    await tx
      .insert(parishSettings)
      .values({ id: 1, name: 'Parish', ...values })
      .onConflictDoUpdate({
        target: [parishSettings.parishId, parishSettings.id],
        set: { ...values, updatedAt: ctx.clock.now().toISOString() },
      });
    const after = await readRegistration80g(tx);
    await recordAudit(tx, ctx.audit, {
      action: 'settings.registration_80g_updated',
      entityType: 'parish_settings',
      entityId: '1',
      before,
      after,
    });
    return after;
  });
}
