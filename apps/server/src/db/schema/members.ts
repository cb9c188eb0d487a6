import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Members of the parish (specification section 3). A member with paid history is deactivated,
 * never deleted. Mobile and parish number are unique among active members (case-insensitive for
 * the parish number); the trigram indexes serve the member search (`performance.md`, B1).
 */
export const members = pgTable(
  'members',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** 12 digits starting with 91. */
    mobile: text().notNull(),
    /** Upper-case letters and digits. */
    parishNumber: text().notNull(),
    alternateContact: text(),
    currentLocation: text(),
    email: text(),
    address: text(),
    /**
     * Argon2id PHC string of a password the member chose; null while the initial password of
     * section 6 is in force. That password is derived from the name and mobile stored beside it,
     * so a hash of it would protect nothing, and leaving it underived lets a 10,000-row import
     * skip 10,000 Argon2 hashes. Sign-in compares it in constant time (auth.service.ts).
     */
    passwordHash: text(),
    /** True while the password is still the initial one of section 6 (passwordHash is null). */
    passwordIsInitial: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    tokenVersion: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_mobile_active_uq')
      .on(t.mobile)
      .where(sql`${t.isActive}`),
    uniqueIndex('members_parish_number_active_uq')
      .on(sql`upper(${t.parishNumber})`)
      .where(sql`${t.isActive}`),
    index('members_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('members_mobile_trgm_idx').using('gin', sql`${t.mobile} gin_trgm_ops`),
    index('members_parish_number_trgm_idx').using('gin', sql`${t.parishNumber} gin_trgm_ops`),
    index('members_location_trgm_idx').using('gin', sql`${t.currentLocation} gin_trgm_ops`),
    index('members_active_name_idx').on(t.isActive, t.name),
    index('members_active_created_idx').on(t.isActive, t.createdAt),
  ],
);
