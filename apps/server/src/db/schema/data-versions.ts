import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';

/**
 * A version stamp per table whose derived answers the server caches (`docs/domain.md`, "B1"). A
 * statement-level trigger (migration 0006) gives the row a new random version in the same
 * transaction as every statement that writes the table, so a snapshot that sees version V sees
 * exactly the table as it was when V was written: an answer computed under V is valid for every
 * later snapshot that still reads V. Random rather than counted, so that versions never repeat,
 * not even across databases served by one process (the tests) or after a restore.
 *
 * Rows: `members` (any column the member list shows or searches) and `payments` (assignments:
 * rows added or removed, or moved to another member or head; not collections), read by the
 * member list's caches (`members.service.ts`). One row per parish and table (migration 0024). A transaction that writes either table locks its
 * rows first (`lockDataVersions`, `src/db/data-versions.ts`), or it could deadlock.
 */
export const dataVersions = pgTable(
  'data_versions',
  {
    parishId: parishIdColumn(),
    name: text().notNull(),
    version: uuid().notNull().defaultRandom(),
  },
  (t) => [primaryKey({ name: 'data_versions_pkey', columns: [t.parishId, t.name] })],
);
