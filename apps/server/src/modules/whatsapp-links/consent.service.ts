import { eq } from 'drizzle-orm';

import { CONSENT_METHODS, type WhatsAppConsent } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { members } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { consentColumns, writeConsent, type ConsentColumns, type ConsentMethod } from '../auth/whatsapp-consent.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * The wire form of a member's consent columns (ISO 8601 UTC times; nulls: not recorded) with the
 * parish's time zone the screens show them in (decision 0144).
 */
function consentOf(row: ConsentColumns, timeZone: string): WhatsAppConsent {
  const method = CONSENT_METHODS.find((known) => known === row.method) ?? null;
  return {
    givenAt: row.givenAt ? new Date(row.givenAt).toISOString() : null,
    method,
    withdrawnAt: row.withdrawnAt ? new Date(row.withdrawnAt).toISOString() : null,
    timeZone,
  };
}

/**
 * A member's consent to WhatsApp messages the parish starts (decision 0138; `docs/domain.md`,
 * "WhatsApp consent"): when and how they last agreed, and when they withdrew it, with the parish's
 * time zone to show them in.
 * @throws AppError 404 'Member not found' for an unknown member.
 */
export async function memberConsent(ctx: ServiceContext, memberId: string): Promise<WhatsAppConsent> {
  const [row] = await ctx.db.select(consentColumns).from(members).where(eq(members.id, memberId));
  if (!row) throw notFound('Member not found');
  return consentOf(row, await parishTimeZone(ctx));
}

/**
 * Records that a member gave (`given`) or withdrew their consent to WhatsApp messages the parish
 * starts (India's DPDP Act: notice, consent and its withdrawal as easy as giving it; Meta's opt-in
 * policy). Giving records the time and the method and clears the opt-out; withdrawing records the
 * time and sets the opt-out (`members.whatsapp_opt_out`), which every parish-started send path
 * already skips (`docs/domain.md`, §9 "Opting out"). One transaction with the audit record
 * `member.whatsapp_consent_given` or `member.whatsapp_consent_withdrawn`. The times are the
 * clock's (UTC).
 * @param input `method`: how it was given, 'portal' (the member) or 'counter' (staff).
 * @throws AppError 404 'Member not found' for an unknown member.
 */
export async function setConsent(
  ctx: ServiceContext,
  input: { memberId: string; given: boolean; method: ConsentMethod },
): Promise<WhatsAppConsent> {
  const now = ctx.clock.now().toISOString();
  // Read before the transaction opens: the embedded database has one connection.
  const timeZone = await parishTimeZone(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await writeConsent(tx, ctx.audit, { ...input, now });
    if (!row) throw notFound('Member not found');
    return consentOf(row, timeZone);
  });
}

/**
 * The signed-in member gives or withdraws their own consent in the portal (method 'portal').
 * @throws AppError 401 without a signed-in member.
 */
export async function setMyConsent(ctx: ServiceContext, given: boolean): Promise<WhatsAppConsent> {
  return setConsent(ctx, { memberId: actorOf(ctx).id, given, method: 'portal' });
}
