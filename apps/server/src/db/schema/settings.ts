import type { Language, Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';

/**
 * Parish settings: one row per parish (id 1 in each; migration 0024). Used by the landing page,
 * loading text and receipts.
 */
export const parishSettings = pgTable(
  'parish_settings',
  {
    parishId: parishIdColumn(),
    id: integer().notNull().default(1),
    name: text().notNull(),
    address: text().notNull().default(''),
    contact: text().notNull().default(''),
    logoUrl: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /**
     * True for the demo parish made by `npm run demo`: its gateways without credentials run in
     * sandbox mode and every screen says it is a demo (`docs/domain.md`, §10 "Payment mode").
     */
    demo: boolean().notNull().default(false),
    /** The parish's UPI ID (VPA) for the counter's QR code; '' when not set. */
    upiVpa: text().notNull().default(''),
    /**
     * The second language of printed receipts (ml, hi or ta), beside English; '' for English only
     * (`docs/domain.md`, §8 "Bilingual receipt").
     */
    receiptLanguage: text().notNull().default(''),
    /**
     * The parish's bound on one line in paise, below the one-crore bound (`docs/domain.md`, §4
     * "Limits on one line", decision 0105); null for one crore.
     */
    maxLinePaise: bigint({ mode: 'number' }).$type<Paise>(),
    /**
     * What the parish calls its wards: 'ward' or 'family_unit' (migration 0027, decision 0126;
     * `docs/domain.md`, "Wards").
     */
    wardLabel: text().$type<'ward' | 'family_unit'>().notNull().default('ward'),
    /**
     * The languages the parish offers its members, at least one of en, ml, hi, ta (migration 0034,
     * decision 0135; issue 28 item 4).
     */
    memberLanguages: text()
      .array()
      .$type<Language[]>()
      .notNull()
      .default(sql`'{en,ml,hi,ta}'`),
    /** The language of a member with no saved choice, one of `memberLanguages` (decision 0135). */
    defaultLanguage: text().$type<Language>().notNull().default('en'),
    /**
     * The parish trust's 80G registration (migration 0043, decision 0148; `docs/domain.md`,
     * "Donations under section 80G"): the trust's name and PAN, the registration number (URN) the
     * Income-tax department issued, and the calendar dates it is valid from and to. '' / null while
     * not set; receipts carry it only when all are set and the receipt's date is within the dates.
     */
    trustName: text().notNull().default(''),
    trustPan: text().notNull().default(''),
    registration80g: text('registration_80g').notNull().default(''),
    registration80gFrom: date('registration_80g_from', { mode: 'string' }),
    registration80gTo: date('registration_80g_to', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'parish_settings_pkey', columns: [t.parishId, t.id] }),
    check('parish_settings_ward_label_check', sql`${t.wardLabel} in ('ward', 'family_unit')`),
    check(
      'parish_settings_member_languages_check',
      sql`cardinality(${t.memberLanguages}) >= 1 AND ${t.memberLanguages} <@ ARRAY['en', 'ml', 'hi', 'ta']::text[]`,
    ),
    check(
      'parish_settings_registration_80g_dates_check',
      sql`${t.registration80gFrom} IS NULL OR ${t.registration80gTo} IS NULL OR ${t.registration80gFrom} <= ${t.registration80gTo}`,
    ),
    check('parish_settings_default_language_check', sql`${t.defaultLanguage} = ANY (${t.memberLanguages})`),
  ],
);
