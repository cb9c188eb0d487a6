import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

import type * as schema from './schema/index.ts';

/**
 * The query handles every repository takes and the one raw-SQL helper, apart from `client.ts`
 * (which opens the database) so that what start-up runs before migrating (`release-check.ts`)
 * needs only these. `client.ts` exports them too; import them from there.
 */

/** The Drizzle database, the same type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A Drizzle transaction. */
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** Either; repositories take this so callers choose the transaction. */
export type DbOrTx = Db | Tx;

/**
 * Runs raw SQL and returns its rows, the same on PGlite and node-postgres (both answer `{ rows }`).
 * Use for statements Drizzle's builder cannot express (upserts with CASE, unnest bulk inserts).
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
