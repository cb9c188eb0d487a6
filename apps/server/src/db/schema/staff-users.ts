import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { staffRole } from './enums.ts';
import { parishIdColumn } from './parishes.ts';
import { wards } from './wards.ts';

/**
 * Admin, cashier and ward leader accounts. The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD.
 * A ward leader has exactly one ward of their parish (`wardId`; migration 0029, decision 0129); the
 * other roles none.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    username: text().notNull(),
    name: text().notNull(),
    role: staffRole().notNull(),
    /** Argon2id PHC string; never anything else. */
    passwordHash: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** Raised on deactivation, password change or role change: older access tokens stop working. */
    tokenVersion: integer().notNull().default(0),
    /** True after an admin reset the password to a one-time password (`docs/domain.md`, "Password resets"). */
    passwordMustChange: boolean().notNull().default(false),
    /**
     * The TOTP secret (RFC 6238) of an enrolled second factor, AES-256-GCM encrypted with a key
     * derived from JWT_SECRET (`lib/secret-box.ts`); never returned after enrolment. Null when the
     * account has no second factor (`docs/domain.md`, "Two-step sign-in for staff").
     */
    totpSecret: text(),
    /** A secret shown for enrolment and not yet confirmed with a code (encrypted like `totpSecret`). */
    totpPendingSecret: text(),
    /** When the second factor was confirmed; null while not enrolled. */
    totpEnabledAt: timestamp({ withTimezone: true, mode: 'string' }),
    /** The last 30-second step whose code was accepted: a code of that step or older is refused (no replay). */
    totpLastStep: integer(),
    /** The ward a ward leader leads (decision 0129); null for every other role (a check says so). */
    wardId: uuid(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'staff_users_pkey', columns: [t.parishId, t.id] }),
    foreignKey({
      name: 'staff_users_ward_id_wards_id_fk',
      columns: [t.parishId, t.wardId],
      foreignColumns: [wards.parishId, wards.id],
    }).onDelete('restrict'),
    check('staff_users_ward_leader_ward_check', sql`(${t.role}::text = 'ward_leader') = (${t.wardId} is not null)`),
    index('staff_users_ward_idx')
      .on(t.parishId, t.wardId)
      .where(sql`${t.wardId} is not null`),
    uniqueIndex('staff_users_username_lower_uq').on(t.parishId, sql`lower(${t.username})`),
    index('staff_users_username_lower_lookup_idx').on(sql`lower(${t.username})`),
    index('staff_users_role_idx').on(t.role),
    index('staff_users_id_lookup_idx').on(t.id),
  ],
);

/**
 * Recovery codes of a staff account's second factor, stored as SHA-256 hashes (each code carries
 * about 50 random bits, so a slow hash adds nothing); each works once (`usedAt`). Replaced as a
 * set at enrolment, deleted with the second factor (`docs/domain.md`, "Two-step sign-in for staff").
 */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    staffUserId: uuid().notNull(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'string' }),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'staff_recovery_codes_pkey', columns: [t.parishId, t.id] }),
    foreignKey({
      name: 'staff_recovery_codes_staff_user_id_staff_users_id_fk',
      columns: [t.parishId, t.staffUserId],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }).onDelete('cascade'),
    uniqueIndex('staff_recovery_codes_user_hash_uq').on(t.parishId, t.staffUserId, t.codeHash),
    index('staff_recovery_codes_user_lookup_idx').on(t.staffUserId),
    index('staff_recovery_codes_id_lookup_idx').on(t.id),
  ],
);
