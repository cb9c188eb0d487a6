import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { subjectType } from './enums.ts';

/**
 * Refresh tokens, stored as SHA-256 hashes. Each login starts a family; each refresh replaces
 * the used token with a new one of the same family. Presenting a used token again revokes the
 * whole family (`docs/domain.md`, "TK-02").
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyId: uuid().notNull(),
    subjectType: subjectType().notNull(),
    subjectId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    familyExpiresAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'string' }),
    revokedAt: timestamp({ withTimezone: true, mode: 'string' }),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

/**
 * Failed sign-in counters, kept in the database so that every server process shares them.
 * Keys: `account:<type>:<id>` (shared by the mobile and parish-number paths), `ident:<value>` for
 * unknown identifiers, and `ip:<address>`.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  lockedUntil: timestamp({ withTimezone: true, mode: 'string' }),
});
