import { randomUUID } from 'node:crypto';

import { and, eq, isNull } from 'drizzle-orm';

import type { Db, DbOrTx } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens.ts';
import { REFRESH_FAMILY_MS } from '../../lib/refresh-cookie.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A refresh token lasts 7 days unused; a family (one sign-in) at most 30 days (`REFRESH_FAMILY_MS`). */
export const REFRESH_TOKEN_MS = 7 * DAY;
export { REFRESH_FAMILY_MS };
/**
 * Two tabs may refresh at once with the same token. A second use within this grace period is
 * refused without revoking the family (the other tab won); a later reuse means theft and revokes it.
 */
export const REUSE_GRACE_MS = 10_000;

/** Whose token it is. */
export interface RefreshSubject {
  subjectType: 'staff' | 'member';
  subjectId: string;
}

/** Starts a new family (a sign-in) and returns its first token. */
export async function issueRefreshToken(
  db: Db,
  subject: RefreshSubject,
  now: Date,
  familyId: string = randomUUID(),
  familyExpiresAt: Date = new Date(now.getTime() + REFRESH_FAMILY_MS),
): Promise<string> {
  const token = newRefreshToken();
  const expiresAt = new Date(Math.min(now.getTime() + REFRESH_TOKEN_MS, familyExpiresAt.getTime()));
  await db.insert(refreshTokens).values({
    familyId,
    subjectType: subject.subjectType,
    subjectId: subject.subjectId,
    tokenHash: hashRefreshToken(token),
    expiresAt: expiresAt.toISOString(),
    familyExpiresAt: familyExpiresAt.toISOString(),
  });
  return token;
}

/** The result of presenting a refresh token. */
export type RotateResult =
  | { ok: true; token: string; subject: RefreshSubject; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'race' };

/**
 * Uses a refresh token: marks it used (a conditional update, so only one caller wins) and
 * issues the next token of its family. Reuse of a used token after the grace period revokes the
 * whole family (`docs/domain.md`, "TK-02").
 */
export async function rotateRefreshToken(db: Db, token: string, now: Date): Promise<RotateResult> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.usedAt) {
    if (now.getTime() - new Date(row.usedAt).getTime() <= REUSE_GRACE_MS) return { ok: false, reason: 'race' };
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  if (new Date(row.expiresAt) <= now || new Date(row.familyExpiresAt) <= now) {
    return { ok: false, reason: 'expired' };
  }
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) return { ok: false, reason: 'race' };
  const subject = { subjectType: row.subjectType, subjectId: row.subjectId };
  const next = await issueRefreshToken(db, subject, now, row.familyId, new Date(row.familyExpiresAt));
  return { ok: true, token: next, subject, familyId: row.familyId };
}

/** Revokes every token of a family. */
export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes the family of the given token, if it is known (logout). */
export async function revokeFamilyOfToken(db: Db, token: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (row) await revokeFamily(db, row.familyId, now);
}

/** Revokes every family of a subject (password change, deactivation). */
export async function revokeAllForSubject(db: DbOrTx, subject: RefreshSubject, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now.toISOString() })
    .where(
      and(
        eq(refreshTokens.subjectType, subject.subjectType),
        eq(refreshTokens.subjectId, subject.subjectId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}
