import { createHmac, randomInt } from 'node:crypto';

import { and, eq, gt, sql } from 'drizzle-orm';

import {
  ErrorCode,
  MSG,
  initialMemberPassword,
  isLanguage,
  parseLoginIdentifier,
  toWhatsAppNumber,
} from '@parish/shared';

import { callerAuditContext, memberActor, type ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { memberVisible } from '../../db/import-batches.ts';
import { memberSignInCodes, members } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { memberLockedError, startMemberSession, type SignIn } from '../auth/auth.service.ts';
import {
  THROTTLE_POLICIES,
  clearFailures,
  lockedMinutes,
  registerFailure,
  registerSprayFailure,
  sprayKeyOf,
  type ThrottlePolicy,
} from '../auth/login-throttle.ts';
import { revokeAllForSubject } from '../auth/refresh-tokens.ts';
import { writeConsent } from '../auth/whatsapp-consent.ts';
import { parishWhatsAppClient } from '../reminders/job-runner.ts';
import { WhatsAppSendError, authenticationTemplate } from '../reminders/whatsapp-client.ts';
import { parishInProgress, parishWhatsAppConfig } from '../settings/parish-credentials.ts';
import { getParishSettings } from '../settings/settings.service.ts';

const MINUTE = 60_000;

/**
 * The sign-in code's rules (decision 0138; `docs/domain.md`, "Sign-in with a code on WhatsApp"):
 * 6 digits, valid 5 minutes, 5 wrong tries, then it is spent.
 */
export const SIGN_IN_CODE = { digits: 6, validMs: 5 * MINUTE, tries: 5 } as const;

/**
 * How often a code may be sent, counted like sign-in failures (`login-throttle.ts`): 5 codes an
 * hour to one account (or one identifier of no account), then none for an hour; 20 codes in 15
 * minutes from one address, then none for 15 minutes. With 5 tries a code, a guesser gets at most
 * 25 guesses an hour at one account out of 10^6 codes.
 */
export const CODE_SEND_POLICIES = {
  account: { maxFailures: 5, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  address: { maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

type MemberRow = typeof members.$inferSelect;

/** 409 `NOT_CONFIGURED` unless the parish in progress has its effective WhatsApp Cloud API (decision 0134). */
async function assertWhatsAppConfigured(ctx: ServiceContext): Promise<void> {
  if (!(await parishWhatsAppConfig(ctx, parishInProgress())).configured) {
    throw conflict(MSG.signInCodeNotConfigured, ErrorCode.NOT_CONFIGURED);
  }
}

/** The active, visible member of an identifier (mobile or parish number), as the password sign-in finds them. */
async function memberOf(
  ctx: ServiceContext,
  raw: string,
): Promise<{ member: MemberRow | undefined; identifier: string }> {
  const identifier = parseLoginIdentifier(raw);
  const condition =
    identifier.kind === 'mobile'
      ? eq(members.mobile, identifier.value)
      : sql`upper(${members.parishNumber}) = ${identifier.value}`;
  const [member] = await ctx.db
    .select()
    .from(members)
    .where(and(condition, eq(members.isActive, true), memberVisible(members.importBatchId)));
  return { member, identifier: identifier.value };
}

/**
 * The stored form of a code: HMAC-SHA256 (hex) of the member's id and the code under a key derived
 * from the server's JWT secret, so the table alone (a backup, a leaked dump) gives no code, and a
 * hash of one member's code matches no other member's.
 */
export function codeHashOf(jwtSecret: string, memberId: string, code: string): string {
  const key = createHmac('sha256', jwtSecret).update('parish-dues/sign-in-code/v1').digest();
  return createHmac('sha256', key).update(`${memberId}:${code}`).digest('hex');
}

/** A new code: 6 digits from the operating system's random source, leading zeros kept. */
function newCode(): string {
  return String(randomInt(0, 10 ** SIGN_IN_CODE.digits)).padStart(SIGN_IN_CODE.digits, '0');
}

/**
 * `POST /api/auth/customer/code` (decision 0138): sends the member of `identifier` a 6-digit code
 * on WhatsApp through the authentication template (`WHATSAPP_SIGN_IN_TEMPLATE`, the member's
 * language, else the parish's default), with the parish's own credentials, while the member waits.
 * The code is stored only as {@link codeHashOf}, valid 5 minutes with 5 tries; a new code replaces
 * the old. The answer is the same whether or not the identifier names a member, and whether or
 * not WhatsApp accepted the message (a failed send is logged without the code), so it tells no
 * one who is a member.
 * @returns `{ sent: true, validMinutes: 5 }`.
 * @throws AppError 409 `NOT_CONFIGURED` when the parish has no WhatsApp Cloud API; 429
 *   `ACCOUNT_LOCKED` (with `lockedMinutes`) past 5 codes an hour for the account or 20 in 15
 *   minutes from the address ({@link CODE_SEND_POLICIES}), or during the address's spraying delay.
 */
export async function sendSignInCode(
  ctx: ServiceContext,
  input: { identifier: string; ip: string },
): Promise<{ sent: true; validMinutes: number }> {
  await assertWhatsAppConfigured(ctx);
  const now = ctx.clock.now();
  const { member, identifier } = await memberOf(ctx, input.identifier);
  const accountKey = member ? `code-send:member:${member.id}` : `code-send:ident:${identifier}`;
  const addressKey = `code-send-ip:${input.ip}`;
  const locked = await lockedMinutes(ctx.db, [accountKey, addressKey, sprayKeyOf(input.ip)], now);
  if (locked > 0) throw memberLockedError(locked);
  await registerFailure(ctx.db, accountKey, CODE_SEND_POLICIES.account, now);
  await registerFailure(ctx.db, addressKey, CODE_SEND_POLICIES.address, now);
  const answer = { sent: true as const, validMinutes: SIGN_IN_CODE.validMs / MINUTE };
  const to = member ? toWhatsAppNumber(member.mobile) : null;
  if (!member || !to) return answer;

  const code = newCode();
  const row = {
    memberId: member.id,
    codeHash: codeHashOf(ctx.config.jwtSecret, member.id, code),
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE.validMs).toISOString(),
    triesLeft: SIGN_IN_CODE.tries,
    createdAt: now.toISOString(),
  };
  await ctx.db
    .insert(memberSignInCodes)
    .values(row)
    .onConflictDoUpdate({
      target: [memberSignInCodes.parishId, memberSignInCodes.memberId],
      set: { codeHash: row.codeHash, expiresAt: row.expiresAt, triesLeft: row.triesLeft, createdAt: row.createdAt },
    });
  const language = isLanguage(member.language) ? member.language : (await getParishSettings(ctx.db)).defaultLanguage;
  try {
    const client = await parishWhatsAppClient(ctx);
    await client.send(
      authenticationTemplate(to, { name: ctx.config.signInCodeTemplate, language: language ?? 'en', code }),
    );
  } catch (error) {
    // Never the code, nor the message body: only what went wrong.
    const failure =
      error instanceof WhatsAppSendError
        ? { status: error.status, errorCode: error.errorCode, kind: error.kind }
        : { errorCode: 'UNEXPECTED' };
    ctx.log.warn({ ...failure, memberId: member.id }, 'sign-in code not sent');
  }
  return answer;
}

/**
 * `POST /api/auth/customer/code/verify` (decision 0138): signs the member in with the code sent to
 * them, answering like the password sign-in (the session, and the refresh cookie set by the
 * route). With `newPassword` the same code also sets the member's password (forgot password): in
 * one transaction with the audit record `auth.password_changed`, every other session ends. A
 * right code is spent by its use; a wrong one costs a try (after 5 the code is spent) and counts
 * against the address as a failed password does (`THROTTLE_POLICIES.address`, the spraying budget).
 * A code works even while the password sign-in is locked, and a sign-in by code clears that lock.
 * With `whatsappConsent` true (the code screen's tick box under the DPDP notice, unticked by
 * default) a member with no consent record gets one, method `sign_in_code`, in the same
 * transaction with its audit record `member.whatsapp_consent_given` (decision 0144); a member who
 * already gave or withdrew consent keeps their record (the portal's consent card changes it).
 * @throws AppError 409 `NOT_CONFIGURED` without WhatsApp; 401 `SIGN_IN_CODE_WRONG` for a wrong,
 *   expired, spent or used code or an identifier of no member (the same answer); 400
 *   `PASSWORD_SAME_AS_INITIAL` (field `newPassword`, the code stays usable); 429 `ACCOUNT_LOCKED`
 *   while the address is locked or delayed.
 */
export async function verifySignInCode(
  ctx: ServiceContext,
  input: {
    identifier: string;
    code: string;
    newPassword?: string | undefined;
    whatsappConsent?: boolean | undefined;
    ip: string;
  },
): Promise<SignIn> {
  await assertWhatsAppConfigured(ctx);
  const now = ctx.clock.now();
  const addressKey = `ip:${input.ip}`;
  const locked = await lockedMinutes(ctx.db, [addressKey, sprayKeyOf(input.ip)], now);
  if (locked > 0) throw memberLockedError(locked);
  const { member } = await memberOf(ctx, input.identifier);
  const codeHash = codeHashOf(ctx.config.jwtSecret, member?.id ?? '-', input.code);
  const [stored] = member
    ? await ctx.db
        .select({ codeHash: memberSignInCodes.codeHash })
        .from(memberSignInCodes)
        .where(
          and(
            eq(memberSignInCodes.memberId, member.id),
            gt(memberSignInCodes.expiresAt, now.toISOString()),
            gt(memberSignInCodes.triesLeft, 0),
          ),
        )
    : [];
  if (!member || !stored || stored.codeHash !== codeHash) {
    return wrongCode(ctx, member?.id, input.ip, now);
  }
  if (
    input.newPassword !== undefined &&
    input.newPassword.normalize('NFC') === initialMemberPassword(member.name, member.mobile)
  ) {
    throw new AppError(ErrorCode.PASSWORD_SAME_AS_INITIAL, MSG.passwordSameAsInitial, [
      { field: 'newPassword', message: MSG.passwordSameAsInitial },
    ]);
  }
  const passwordHash = input.newPassword === undefined ? null : await hashPassword(input.newPassword);
  const signedIn = await ctx.db.transaction(async (tx) => {
    // Spent by its use, once: of two requests with the same code only one finds the row.
    const [used] = await tx
      .delete(memberSignInCodes)
      .where(
        and(
          eq(memberSignInCodes.memberId, member.id),
          eq(memberSignInCodes.codeHash, codeHash),
          gt(memberSignInCodes.expiresAt, now.toISOString()),
          gt(memberSignInCodes.triesLeft, 0),
        ),
      )
      .returning({ memberId: memberSignInCodes.memberId });
    if (!used) return null;
    const memberAudit = callerAuditContext(memberActor(member), ctx.audit.requestId, ctx.audit.ip);
    // The code screen's tick box (decision 0144): consent recorded only for a member without a record.
    if (input.whatsappConsent === true) {
      await writeConsent(tx, memberAudit, {
        memberId: member.id,
        given: true,
        method: 'sign_in_code',
        now: now.toISOString(),
        onlyWithoutRecord: true,
      });
    }
    if (passwordHash === null) return member;
    const [updated] = await tx
      .update(members)
      .set({
        passwordHash,
        passwordIsInitial: false,
        passwordMustChange: false,
        tokenVersion: sql`${members.tokenVersion} + 1`,
        updatedAt: now.toISOString(),
      })
      .where(eq(members.id, member.id))
      .returning();
    await revokeAllForSubject(tx, { subjectType: 'member', subjectId: member.id }, now);
    await recordAudit(tx, memberAudit, {
      action: 'auth.password_changed',
      entityType: 'member',
      entityId: member.id,
    });
    return updated ?? null;
  });
  if (!signedIn) return wrongCode(ctx, undefined, input.ip, now);
  // The owner proved they hold the number: the password sign-in's lock on the account ends too.
  await clearFailures(ctx.db, `account:member:${member.id}`);
  return startMemberSession(ctx, signedIn);
}

/** A wrong code: one try fewer (spent at 0), a failure of the address; always 401. */
async function wrongCode(ctx: ServiceContext, memberId: string | undefined, ip: string, now: Date): Promise<never> {
  if (memberId) {
    await queryRows(
      ctx.db,
      sql`UPDATE member_sign_in_codes SET tries_left = tries_left - 1
           WHERE member_id = ${memberId} AND tries_left > 0`,
    );
    await ctx.db
      .delete(memberSignInCodes)
      .where(and(eq(memberSignInCodes.memberId, memberId), eq(memberSignInCodes.triesLeft, 0)));
  }
  await registerFailure(ctx.db, `ip:${ip}`, THROTTLE_POLICIES.address, now);
  await registerSprayFailure(ctx.db, ip, now);
  ctx.log.warn({ known: Boolean(memberId) }, 'member sign-in code wrong');
  throw new AppError(ErrorCode.SIGN_IN_CODE_WRONG, MSG.signInCodeWrong, [
    { field: 'code', message: MSG.signInCodeWrong },
  ]);
}
