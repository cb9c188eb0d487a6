import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';

/**
 * A parish's gateway credentials and WhatsApp Cloud API settings, one row per field (migration 0030,
 * issue 28 item 4, decision 0130). A secret field's `value` is sealed with the settings key
 * (`lib/settings-key.ts`), whose id is in `keyId`; a non-secret id is plain. A sealed value that did
 * not open under the key in force after a restore is cleared (`value` '') with `needsReentry` set.
 */
export const parishCredentials = pgTable(
  'parish_credentials',
  {
    parishId: parishIdColumn(),
    /** The field's name, one of `CREDENTIAL_FIELDS` (`modules/settings/parish-credentials.ts`). */
    field: text().notNull(),
    /** The sealed text (`v1.<iv>.<tag>.<ciphertext>`) of a secret, the plain text of an id; '' when cleared. */
    value: text().notNull(),
    /** Whether `value` is sealed (a secret). */
    sealed: boolean().notNull(),
    /** The public id of the settings key that sealed `value`; null for a plain value. */
    keyId: text(),
    /** True when a restore found the value sealed under another key and cleared it: it must be entered again. */
    needsReentry: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'parish_credentials_pkey', columns: [t.parishId, t.field] }),
    index('parish_credentials_field_value_lookup_idx').on(t.field, t.value),
    check('parish_credentials_sealed_key_check', sql`not ${t.sealed} or ${t.needsReentry} or ${t.keyId} is not null`),
  ],
);
