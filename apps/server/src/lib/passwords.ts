import { createHash, timingSafeEqual } from 'node:crypto';

import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, so named by value). */
const ARGON2ID = 2 as Algorithm;

/**
 * Argon2id parameters: OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
 * About 90 ms per hash on our machines (`docs/domain.md`, "AU-07").
 */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with Argon2id; returns the PHC string (`$argon2id$v=19$...`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Checks a password against an Argon2id PHC string. A malformed hash counts as a mismatch.
 * @returns true when the password matches.
 */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for unknown accounts, so that response times do
 * not tell which usernames or mobiles exist (`docs/domain.md`, "AU-04").
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * Checks a member's password. A member with a chosen password has an Argon2id hash; a member on
 * the initial password of `docs/domain.md`, §6 "Initial password" has none, and the password is
 * compared in constant time with `initialPassword` (derived by the caller from name and mobile, in
 * NFC), the typed password taken in NFC too (a vowel sign of an Indian script may be typed composed
 * or decomposed). That path also spends one dummy verification, so both kinds of account answer in
 * the same time.
 * @returns true when the password matches.
 */
export async function verifyMemberPassword(
  passwordHash: string | null,
  initialPassword: string,
  password: string,
): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  await verifyAgainstDummy(password);
  const expected = createHash('sha256').update(initialPassword).digest();
  const given = createHash('sha256').update(password.normalize('NFC')).digest();
  return timingSafeEqual(expected, given);
}
