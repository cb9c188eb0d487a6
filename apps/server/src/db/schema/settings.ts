import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Parish settings: a single row (id 1). Used by the landing page, loading text and receipts. */
export const parishSettings = pgTable('parish_settings', {
  id: integer().primaryKey().default(1),
  name: text().notNull(),
  address: text().notNull().default(''),
  contact: text().notNull().default(''),
  logoUrl: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  /**
   * The second language of printed receipts (ml, hi or ta), beside English; '' for English only
   * (`docs/domain.md`, §8 "Bilingual receipt").
   */
  receiptLanguage: text().notNull().default(''),
});
