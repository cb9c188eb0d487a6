import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';

/**
 * The parish's WhatsApp settings (one row per parish, id 1; `docs/domain.md`, §9 "Payment links without a
 * password" and "Scheduled reminders"): whether signed payment links work at all, and the monthly
 * day and time (parish time) of the scheduled reminders (both null: no schedule).
 */
export const whatsappSettings = pgTable(
  'whatsapp_settings',
  {
    parishId: parishIdColumn(),
    id: integer().notNull().default(1),
    payLinksEnabled: boolean().notNull().default(true),
    /** Day of the month, 1-28, of the scheduled reminders; null when none are scheduled. */
    reminderDay: integer(),
    /** Time of day, 'HH:MM' in the parish time zone, of the scheduled reminders. */
    reminderTime: text(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'whatsapp_settings_pkey', columns: [t.parishId, t.id] })],
);
