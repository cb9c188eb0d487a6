import { sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from './client.ts';

/** The tables with a row in `data_versions` (see `schema/data-versions.ts`). */
export type VersionedTable = 'members' | 'payments';

/**
 * The versions of the versioned tables as one snapshot saw them (uuid text; null when a row is
 * missing, and then nothing may be cached). An answer computed under these versions is exact for
 * that snapshot.
 */
export type DataVersions = Record<VersionedTable, string | null>;

/**
 * The parish whose data versions a statement reads or locks: the one the triggers of migration 0024
 * bump (`request_parish_id()`, else the home parish while requests are not scoped; decision 0124).
 */
const versionParishSql = sql`coalesce(request_parish_id(), 1)`;

/**
 * Scalar subqueries reading each table's version (of the current parish, {@link versionParishSql}),
 * to put in a statement's select list: the versions then come from that statement's own snapshot.
 */
export const dataVersionSql: Record<VersionedTable, SQL<string | null>> = {
  members: sql<string | null>`(select version::text from data_versions
                               where parish_id = ${versionParishSql} and name = 'members')`,
  payments: sql<string | null>`(select version::text from data_versions
                                where parish_id = ${versionParishSql} and name = 'payments')`,
};

/**
 * Locks the `data_versions` rows (of the current parish) of the tables a transaction is about to write, in name order.
 * Call it as the transaction's first statement. The triggers of migration 0006 update these rows
 * anyway, but only when the write comes, after the transaction may already hold row locks
 * (a member `FOR UPDATE`, a foreign-key check's share lock on a member): two transactions could
 * then each hold what the other waits for, and PostgreSQL would abort one of them as a deadlock
 * (seen: deleting a member while a head was tagged to them). Taken first, the version row is
 * waited for while holding nothing. It serialises writers of the same table, which are admin
 * actions of milliseconds to a fraction of a second (an import batch).
 * @param tx the transaction (not the pool: outside a transaction the lock ends at once)
 */
export async function lockDataVersions(tx: DbOrTx, tables: readonly VersionedTable[]): Promise<void> {
  const names = [...new Set(tables)].sort();
  await tx.execute(
    sql`select 1 from data_versions where parish_id = ${versionParishSql} and name = any(${sql.param(names)}::text[])
        order by name for update`,
  );
}
