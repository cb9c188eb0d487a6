import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Parish settings: a single row (id 1). Used by the landing page, loading text and receipts. */
export const parishSettings = pgTable('parish_settings', {
  id: integer().primaryKey().default(1),
  name: text().notNull(),
  address: text().notNull().default(''),
  contact: text().notNull().default(''),
  logoUrl: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  /** The parish's UPI ID (VPA) for the counter's QR code; '' when not set. */
  upiVpa: text().notNull().default(''),
});
