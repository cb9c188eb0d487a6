import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';

/**
 * One CSV import in progress or done (`docs/ARCHITECTURE.md`, "Import batches"; decision 0049).
 * The rows an import writes carry its id (`members.importBatchId`) and stay invisible to every read
 * while `finishedAt` is null; finishing the batch (one UPDATE of this row) shows them all at once.
 * An unfinished batch left by a crash is removed, rows and all, when the server next starts.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    /** What is imported: 'members' (`POST /api/members/bulk`). */
    kind: text().notNull(),
    startedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Raised by each chunk written: how start-up tells a crashed batch from one another process is writing. */
    heartbeatAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Null while the batch is written; set in the one statement that makes its rows visible. */
    finishedAt: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'import_batches_pkey', columns: [t.parishId, t.id] }),
    index('import_batches_id_lookup_idx').on(t.id),
  ],
);
