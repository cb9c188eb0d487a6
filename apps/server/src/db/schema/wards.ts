import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';

/**
 * Wards (or "family units", as the parish calls them: `parish_settings.ward_label`) of a parish
 * (migration 0027, decision 0126; `docs/domain.md`, "Wards"). A member belongs to at most one ward
 * of their parish (`members.ward_id`). Names are unique in the parish, case-insensitively; a ward
 * with members cannot be deleted. Times are UTC.
 */
export const wards = pgTable(
  'wards',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    /** Trimmed, 1 to 60 characters. */
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'wards_pkey', columns: [t.parishId, t.id] }),
    uniqueIndex('wards_name_uq').on(t.parishId, sql`lower(${t.name})`),
    index('wards_name_lookup_idx').on(sql`lower(${t.name})`),
    index('wards_id_lookup_idx').on(t.id),
  ],
);
