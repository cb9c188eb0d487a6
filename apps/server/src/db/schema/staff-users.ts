import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { staffRole } from './enums.ts';

/** Admin and cashier accounts. The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid().primaryKey().defaultRandom(),
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
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_users_username_lower_uq').on(sql`lower(${t.username})`),
    index('staff_users_role_idx').on(t.role),
  ],
);
