import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { members } from './members.ts';
import { parishIdColumn } from './parishes.ts';

/**
 * The live sign-in code of a member, sent on WhatsApp (issue 29 item 1, migration 0035, decision
 * 0138; `docs/domain.md`, "Sign-in with a code on WhatsApp"): one row per member; a new code
 * replaces it, a used or spent one deletes it. The code itself is never stored: `codeHash` is its
 * HMAC-SHA256 (hex) under a key derived from the server's JWT secret, bound to the member.
 * Row-level security as every parish table.
 */
export const memberSignInCodes = pgTable(
  'member_sign_in_codes',
  {
    parishId: parishIdColumn(),
    memberId: uuid().notNull(),
    /** HMAC-SHA256 of member id and code, hex (`sign-in-codes.service.ts`, `codeHashOf`). */
    codeHash: text().notNull(),
    /** When the code stops working: 5 minutes after it was sent (UTC). */
    expiresAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    /** Wrong tries the code still allows: 5 at first; at 0 the code is spent. */
    triesLeft: integer().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'member_sign_in_codes_pkey', columns: [t.parishId, t.memberId] }),
    foreignKey({
      name: 'member_sign_in_codes_member_id_members_id_fk',
      columns: [t.parishId, t.memberId],
      foreignColumns: [members.parishId, members.id],
    }).onDelete('cascade'),
    check('member_sign_in_codes_tries_check', sql`${t.triesLeft} >= 0 AND ${t.triesLeft} <= 5`),
  ],
);
