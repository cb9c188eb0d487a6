import type { LedgerMappingInput } from '@parish/shared';
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';

/**
 * A parish's ledger mapping (issue 30 item 1, migration 0041, decision 0146; `docs/domain.md`,
 * "Accounts export"): one row per parish holding the document `ledgerMappingInputSchema` checks
 * (each head's income ledger and group, the asset ledgers of cash, UPI, cheques and each gateway,
 * the gateway fee and GST ledgers). No row: the defaults. Row-level security as every parish table.
 */
export const ledgerMappings = pgTable(
  'ledger_mappings',
  {
    parishId: parishIdColumn(),
    mapping: jsonb().$type<LedgerMappingInput>().notNull(),
    /** The staff user who last changed it (their id). */
    updatedBy: text(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ledger_mappings_pkey', columns: [t.parishId] })],
);
