import { inArray, sql } from 'drizzle-orm';

import { queryRows, type Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

/** A throttle policy: at most `maxFailures` within `windowMs`, then locked for `lockMs`. */
export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE = 60_000;

/**
 * Sign-in locks (`docs/domain.md`, "AU-01", "AU-02" and "AU-03"). Only accounts still on the derived
 * initial password are locked, because that password has only 10^4 values; accounts with a chosen
 * password and staff accounts are delayed instead ({@link CHOSEN_PASSWORD_DELAY}).
 */
export const THROTTLE_POLICIES = {
  initialPasswordAccount: { maxFailures: 10, windowMs: 24 * 60 * MINUTE, lockMs: 24 * 60 * MINUTE },
  address: { maxFailures: 100, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

/**
 * A progressive delay: the first `freeFailures` failures within `windowMs` (counted from the first
 * of them) cost nothing; each further one makes the next try wait `firstDelayMs`, doubling with
 * each failure, at most `maxDelayMs`. Tries during the wait answer 429 and are not counted.
 */
export interface DelayPolicy {
  freeFailures: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * The delay of accounts with a chosen password: members who changed their password, staff, and
 * identifiers of no account (which must behave like accounts, AU-04). 5 failures free, then 1 s,
 * 2 s, 4 s … at most 15 minutes, counted over 24 hours: a neighbour's 10 guesses cost the owner at
 * most 16 s, while a guesser gets about 110 tries a day (`docs/domain.md`, "AU-01 Sign-in
 * throttles"; decision 0050).
 */
export const CHOSEN_PASSWORD_DELAY = {
  freeFailures: 5,
  windowMs: 24 * 60 * MINUTE,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * MINUTE,
} as const satisfies DelayPolicy;

/** The wait after `failures` failures under a delay policy, in ms (0 while they are free). */
export function delayAfter(policy: DelayPolicy, failures: number): number {
  if (failures <= policy.freeFailures) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(30, failures - policy.freeFailures - 1));
}

/**
 * Whether any of the keys is locked at `now`.
 * @returns true when sign-in must be refused without checking the password.
 */
export async function isLocked(db: Db, keys: string[], now: Date): Promise<boolean> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
  return rows.some((row) => row.lockedUntil !== null && new Date(row.lockedUntil) > now);
}

/**
 * How long the longest lock among the keys still holds at `now`, in whole minutes rounded up;
 * 0 when none is locked. A member's lock message says it (decision 0138).
 */
export async function lockedMinutes(db: Db, keys: string[], now: Date): Promise<number> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
  const longest = Math.max(0, ...rows.map((row) => (row.lockedUntil ? new Date(row.lockedUntil).getTime() : 0)));
  return longest > now.getTime() ? Math.ceil((longest - now.getTime()) / MINUTE) : 0;
}

/**
 * Counts one failure against a key under a policy, in one atomic upsert (safe across processes).
 * @returns true when this failure locked the key.
 */
export async function registerFailure(db: Db, key: string, policy: ThrottlePolicy, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - policy.windowMs).toISOString();
  const lockUntil = new Date(now.getTime() + policy.lockMs).toISOString();
  const rows = await queryRows<{ locked: boolean }>(
    db,
    sql`
    insert into login_throttle (key, failures, window_started_at, locked_until)
    values (${key}, 1, ${nowIso}, ${policy.maxFailures <= 1 ? lockUntil : null})
    on conflict (key) do update set
      failures = case when login_throttle.window_started_at < ${windowStart}::timestamptz
        then 1 else login_throttle.failures + 1 end,
      window_started_at = case when login_throttle.window_started_at < ${windowStart}::timestamptz
        then ${nowIso}::timestamptz else login_throttle.window_started_at end,
      locked_until = case
        when (case when login_throttle.window_started_at < ${windowStart}::timestamptz
              then 1 else login_throttle.failures + 1 end) >= ${policy.maxFailures}
        then ${lockUntil}::timestamptz else login_throttle.locked_until end
    returning (locked_until is not null and locked_until > ${nowIso}::timestamptz) as locked`,
  );
  return Boolean(rows[0]?.locked);
}

/** Clears an account's failures after a successful sign-in (the address counter stays). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(sql`${loginThrottle.key} = ${key}`);
}

/**
 * The budget against password spraying (many accounts, few guesses each; `docs/domain.md`,
 * "AU-05 Spraying budget"): while more than `globalFailures` sign-ins failed in the last
 * `windowMs` across the parish, an address with more than `freeFailures` failures of its own in its
 * window waits before its next try: `firstDelayMs`, doubling with each further failure, at most
 * `maxDelayMs`. Addresses with a few mistakes (a member mistyping) are never slowed, and no
 * account is locked by it.
 */
export const SPRAY_BUDGET = {
  globalFailures: 30,
  windowMs: 15 * MINUTE,
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE,
} as const satisfies DelayPolicy & { globalFailures: number };

/** The throttle key of an address's spraying delay (checked with the account and address keys). */
export const sprayKeyOf = (ip: string) => `spray:${ip}`;

/** Counts one failure against a key within a window that restarts when it is older than `windowMs`. */
async function countFailure(db: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const rows = await queryRows<{ failures: number }>(
    db,
    sql`
    insert into login_throttle (key, failures, window_started_at, locked_until)
    values (${key}, 1, ${nowIso}, null)
    on conflict (key) do update set
      failures = case when login_throttle.window_started_at < ${windowStart}::timestamptz
        then 1 else login_throttle.failures + 1 end,
      window_started_at = case when login_throttle.window_started_at < ${windowStart}::timestamptz
        then ${nowIso}::timestamptz else login_throttle.window_started_at end
    returning failures`,
  );
  return Number(rows[0]?.failures ?? 0);
}

/**
 * Counts one failure against a key under a delay policy and, past its free failures, sets the
 * key's wait (never shortening one already set).
 * @returns the wait set in ms, or 0.
 */
export async function registerDelayedFailure(db: Db, key: string, policy: DelayPolicy, now: Date): Promise<number> {
  const delayMs = delayAfter(policy, await countFailure(db, key, policy.windowMs, now));
  if (delayMs > 0) await delayKey(db, key, now, delayMs);
  return delayMs;
}

async function delayKey(db: Db, key: string, now: Date, delayMs: number): Promise<void> {
  const until = new Date(now.getTime() + delayMs).toISOString();
  await db
    .update(loginThrottle)
    .set({ lockedUntil: sql`greatest(${loginThrottle.lockedUntil}, ${until}::timestamptz)` })
    .where(sql`${loginThrottle.key} = ${key}`);
}

/**
 * Counts a failed sign-in against the parish-wide spraying budget and the address; when the budget
 * is spent and the address is over its free failures, sets the address's delay ({@link SPRAY_BUDGET}).
 * @returns the delay set in ms, or 0.
 */
export async function registerSprayFailure(db: Db, ip: string, now: Date): Promise<number> {
  const parish = await countFailure(db, 'global:failures', SPRAY_BUDGET.windowMs, now);
  const address = await countFailure(db, sprayKeyOf(ip), SPRAY_BUDGET.windowMs, now);
  if (parish <= SPRAY_BUDGET.globalFailures) return 0;
  const delayMs = delayAfter(SPRAY_BUDGET, address);
  if (delayMs > 0) await delayKey(db, sprayKeyOf(ip), now, delayMs);
  return delayMs;
}
