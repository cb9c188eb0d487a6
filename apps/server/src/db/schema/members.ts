import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { importBatches } from './import-batches.ts';
import { parishIdColumn } from './parishes.ts';
import { wards } from './wards.ts';

/**
 * Members of the parish (`docs/domain.md`, §3 "Members"). A member with paid history is deactivated,
 * never deleted. Mobile and parish number are unique among active members (case-insensitive for
 * the parish number); the trigram indexes serve the member search (`docs/domain.md`, "B1").
 */
export const members = pgTable(
  'members',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
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
     * `docs/domain.md`, §6 "Initial password" is in force. That password is derived from the name
     * and mobile stored beside it, so a hash of it would protect nothing, and leaving it underived
     * lets a 10,000-row import skip 10,000 Argon2 hashes. Sign-in compares it in constant time
     * (auth.service.ts).
     */
    passwordHash: text(),
    /**
     * True while the password is still the initial one of `docs/domain.md`, §6 "Initial password"
     * (passwordHash is null).
     */
    passwordIsInitial: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    /**
     * Lower-cased name, mobile, parish number and location in one column, kept by PostgreSQL, so
     * the member search is one LIKE over one trigram-indexed column instead of four ILIKEs
     * (measured at 20,000 members: the count went from 15 ms to 3 ms for a two-letter search).
     */
    searchText: text().generatedAlwaysAs(
      sql`lower(name || ' ' || mobile || ' ' || parish_number || ' ' || coalesce(current_location, ''))`,
    ),
    tokenVersion: integer().notNull().default(0),
    /**
     * True after an admin reset the password to a one-time code: a session signed in with it may
     * only change the password (`docs/domain.md`, "Password resets").
     */
    passwordMustChange: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /**
     * The member asked not to get WhatsApp reminders (set by the admin, or a "STOP" reply seen by
     * the webhook): every reminder path skips them (`docs/domain.md`, §9 "Opting out").
     */
    whatsappOptOut: boolean().notNull().default(false),
    /**
     * Version of the member's signed payment links: raising it revokes every link issued before
     * (`docs/domain.md`, §9 "Payment links without a password").
     */
    payLinkVersion: integer().notNull().default(0),
    /**
     * The language the member chose for the member's side (`LANGUAGES` of @parish/shared: en, ml,
     * hi, ta); null until they choose. Sign-in answers it, so another browser opens in it
     * (`docs/domain.md`, "Member languages").
     */
    language: text(),
    /**
     * The CSV import that wrote the row, null for members added otherwise. While that batch is
     * unfinished the row is invisible to every read (`memberVisible` in `db/import-batches.ts`).
     */
    importBatchId: uuid(),
    /**
     * The member's ward of their parish, null for none (migration 0027, decision 0126; `docs/domain.md`,
     * "Wards"). A ward with members cannot be deleted.
     */
    wardId: uuid(),
    /**
     * When the member last agreed to WhatsApp messages the parish starts (India's DPDP Act notice
     * and consent, Meta's opt-in; migration 0035, decision 0138), null when not recorded.
     */
    whatsappConsentAt: timestamp({ withTimezone: true, mode: 'string' }),
    /**
     * How they agreed: 'portal' (in the member portal), 'counter' (told the parish office, recorded
     * by staff), 'sign_in_code' or 'import' (reserved for those paths); null when not recorded.
     */
    whatsappConsentMethod: text(),
    /** When the member withdrew that consent (which also opts them out), null when they have not. */
    whatsappConsentWithdrawnAt: timestamp({ withTimezone: true, mode: 'string' }),
    /**
     * The member's PAN as a donor (section 80G; migration 0043, decision 0148): ten characters,
     * upper case, format checked (`PAN_PATTERN` of @parish/shared); null when not given. Shown in
     * full to admins and on Form 10BD / 10BE only; masked (ABCDE****F) everywhere else.
     */
    pan: text(),
  },
  (t) => [
    primaryKey({ name: 'members_pkey', columns: [t.parishId, t.id] }),
    foreignKey({
      name: 'members_import_batch_id_import_batches_id_fk',
      columns: [t.parishId, t.importBatchId],
      foreignColumns: [importBatches.parishId, importBatches.id],
    }),
    uniqueIndex('members_mobile_active_uq')
      .on(t.parishId, t.mobile)
      .where(sql`${t.isActive}`),
    index('members_mobile_active_lookup_idx')
      .on(t.mobile)
      .where(sql`${t.isActive}`),
    uniqueIndex('members_parish_number_active_uq')
      .on(t.parishId, sql`upper(${t.parishNumber})`)
      .where(sql`${t.isActive}`),
    index('members_parish_number_active_lookup_idx')
      .on(sql`upper(${t.parishNumber})`)
      .where(sql`${t.isActive}`),
    // A small pending list (256 kB, not 4 MB): PGlite has no autovacuum to merge it, and while
    // large it made the planner scan every member for a search the index could answer (migration
    // 0020, issue 18).
    index('members_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    // One per sortable column (members.service.ts SORT_COLUMNS), so that a page is read in
    // order rather than sorted from every match; mobile's is the unique index above.
    index('members_active_name_idx').on(t.isActive, t.name),
    index('members_active_parish_number_idx').on(t.isActive, t.parishNumber),
    index('members_active_location_idx').on(t.isActive, t.currentLocation),
    index('members_active_created_idx').on(t.isActive, t.createdAt),
    // Finds a batch's rows to remove them (a crashed import) without scanning the table.
    index('members_import_batch_idx')
      .on(t.importBatchId)
      .where(sql`${t.importBatchId} is not null`),
    index('members_id_lookup_idx').on(t.id),
    foreignKey({
      name: 'members_ward_id_wards_id_fk',
      columns: [t.parishId, t.wardId],
      foreignColumns: [wards.parishId, wards.id],
    }).onDelete('restrict'),
    // The member list's ward filter and the ward report (members.service.ts, wards.service.ts).
    check(
      'members_whatsapp_consent_method_check',
      sql`(${t.whatsappConsentMethod} IS NULL) = (${t.whatsappConsentAt} IS NULL) AND (${t.whatsappConsentMethod} IS NULL OR ${t.whatsappConsentMethod} IN ('portal', 'counter', 'sign_in_code', 'import'))`,
    ),
    check('members_pan_check', sql`${t.pan} IS NULL OR ${t.pan} ~ '^[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z]$'`),
    index('members_ward_idx')
      .on(t.wardId)
      .where(sql`${t.wardId} is not null`),
  ],
);
