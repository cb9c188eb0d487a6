import { eq } from 'drizzle-orm';

import type { CONSENT_METHODS } from '@parish/shared';

import type { AuditContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { lockDataVersions } from '../../db/data-versions.ts';
import { members } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/** How a member's consent to WhatsApp messages was recorded (decision 0138). */
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** A member's consent columns as read back (ISO or database text times; nulls: not recorded). */
export interface ConsentColumns {
  givenAt: string | null;
  method: string | null;
  withdrawnAt: string | null;
}

/** The consent columns of `members`, for `select` and `returning`. */
export const consentColumns = {
  givenAt: members.whatsappConsentAt,
  method: members.whatsappConsentMethod,
  withdrawnAt: members.whatsappConsentWithdrawnAt,
} as const;

/**
 * Records, inside the caller's transaction, that a member gave or withdrew consent to WhatsApp
 * messages the parish starts (India's DPDP Act: notice, a recorded consent, a withdrawal as easy as
 * giving it; Meta's opt-in policy; decisions 0138 and 0144). Giving records the time and `method`
 * and clears the opt-out; withdrawing records the time and sets the opt-out
 * (`members.whatsapp_opt_out`, which every parish-started send path skips). Takes the members'
 * data-version row first, as every member write does, and writes the audit record
 * `member.whatsapp_consent_given` or `member.whatsapp_consent_withdrawn` in the same transaction.
 * Lives beside the member's sign-in because the code sign-in records consent too (`sign_in_code`).
 * @param input `now`: ISO 8601 UTC; `onlyWithoutRecord`: change nothing when the member already has
 *   a record (given or withdrawn), as the code screen's tick box asks (decision 0144)
 * @returns the consent columns after the change; the unchanged ones when `onlyWithoutRecord` found
 *   a record; null for an unknown member (nothing written)
 */
export async function writeConsent(
  tx: DbOrTx,
  audit: AuditContext,
  input: { memberId: string; given: boolean; method: ConsentMethod; now: string; onlyWithoutRecord?: boolean },
): Promise<ConsentColumns | null> {
  await lockDataVersions(tx, ['members']);
  const [before] = await tx
    .select({ optOut: members.whatsappOptOut, ...consentColumns })
    .from(members)
    .where(eq(members.id, input.memberId))
    .for('update');
  if (!before) return null;
  if (input.onlyWithoutRecord && (before.givenAt !== null || before.withdrawnAt !== null)) {
    return { givenAt: before.givenAt, method: before.method, withdrawnAt: before.withdrawnAt };
  }
  const { now } = input;
  const [row] = await tx
    .update(members)
    .set(
      input.given
        ? {
            whatsappConsentAt: now,
            whatsappConsentMethod: input.method,
            whatsappConsentWithdrawnAt: null,
            whatsappOptOut: false,
            updatedAt: now,
          }
        : { whatsappConsentWithdrawnAt: now, whatsappOptOut: true, updatedAt: now },
    )
    .where(eq(members.id, input.memberId))
    .returning(consentColumns);
  if (input.given) {
    await recordAudit(tx, audit, {
      action: 'member.whatsapp_consent_given',
      entityType: 'member',
      entityId: input.memberId,
      before: { optOut: before.optOut },
      after: { method: input.method, optOut: false },
    });
  } else {
    await recordAudit(tx, audit, {
      action: 'member.whatsapp_consent_withdrawn',
      entityType: 'member',
      entityId: input.memberId,
      before: { optOut: before.optOut },
      after: { optOut: true },
    });
  }
  return row ?? null;
}
