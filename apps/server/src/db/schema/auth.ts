import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

import { subjectType } from './enums.ts';
import { parishIdColumn } from './parishes.ts';

/**
 * Refresh tokens, stored as SHA-256 hashes. Each login starts a family; each refresh replaces
 * the used token with a new one of the same family. Presenting a used token again revokes the
 * whole family (`docs/domain.md`, "TK-02").
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    familyId: uuid().notNull(),
    subjectType: subjectType().notNull(),
    subjectId: uuid().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    familyExpiresAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'string' }),
    revokedAt: timestamp({ withTimezone: true, mode: 'string' }),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'refresh_tokens_pkey', columns: [t.parishId, t.id] }),
    unique('refresh_tokens_tokenHash_unique').on(t.parishId, t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_subject_idx').on(t.subjectType, t.subjectId),
    index('refresh_tokens_id_lookup_idx').on(t.id),
    index('refresh_tokens_token_hash_lookup_idx').on(t.tokenHash),
  ],
);

/**
 * Failed sign-in counters, kept in the database so that every server process shares them. A global
 * table (`docs/parishes.md`): an address's budget is the diocese's, and account keys name unique ids.
 * Keys: `account:<type>:<id>` (shared by the mobile and parish-number paths), `ident:<value>` for
 * unknown identifiers, and `ip:<address>`.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  lockedUntil: timestamp({ withTimezone: true, mode: 'string' }),
});
