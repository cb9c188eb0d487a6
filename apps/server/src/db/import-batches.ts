import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

import { queryRows, type DbOrTx } from './client.ts';
import { lockDataVersions } from './data-versions.ts';

/*
 * Import batches (`docs/ARCHITECTURE.md`, "Import batches"; decision 0049): a CSV import writes its
 * rows in short chunks under a batch, the rows invisible to every read until the batch is finished
 * in one short statement, so that users see all of an import or none of it while no statement
 * holds PGlite's single connection for long.
 */

/** Rows a batch's leftovers are deleted by, per statement (a few tens of milliseconds on PGlite). */
const REMOVE_CHUNK_ROWS = 500;

/**
 * The condition that a members row is visible: written otherwise than by an import, or by an
 * import that has finished. Put it in every read of members that lists, counts, searches, exports
 * or signs in (reads by a member's id need not: an unfinished batch's ids are known to nobody).
 * While no import runs the sub-select is empty and costs one hashed probe per row.
 * @param batchColumn the row's `import_batch_id`: `members.importBatchId`, or `sql\`m.import_batch_id\``
 *   under an alias in raw SQL.
 */
export function memberVisible(batchColumn: AnyColumn | SQL): SQL {
  return sql`(${batchColumn} is null or ${batchColumn} not in (select b.id from import_batches b where b.finished_at is null))`;
}

/** Starts a batch of `kind` ('members'). @returns its id, to write on every row of the import. */
export async function startImportBatch(db: DbOrTx, kind: 'members'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into import_batches (kind) values (${kind}) returning id`,
  );
  if (!row) throw new Error('import batch not created');
  return row.id;
}

/** Marks a batch alive (each chunk does, in its own transaction): start-up leaves it alone. */
export async function touchImportBatch(db: DbOrTx, batchId: string): Promise<void> {
  await db.execute(sql`update import_batches set heartbeat_at = now() where id = ${batchId}`);
}

/**
 * Finishes a batch: its rows become visible to every read at this transaction's commit. Call it
 * inside the transaction that records the import's audit event; it locks the members data
 * version first and gives it a new value, so the member list cache and the dashboard's counts
 * (`docs/ARCHITECTURE.md`, "Data versions") see the new rows.
 * @returns false when the batch is gone (removed by a start-up that took it for a crashed one):
 *   the caller must then report the import as failed.
 */
export async function finishImportBatch(tx: DbOrTx, batchId: string): Promise<boolean> {
  await lockDataVersions(tx, ['members']);
  const finished = await queryRows<{ id: string }>(
    tx,
    sql`update import_batches set finished_at = now() where id = ${batchId} and finished_at is null returning id`,
  );
  if (finished.length === 0) return false;
  await tx.execute(
    sql`update data_versions set version = gen_random_uuid()
        where parish_id = coalesce(request_parish_id(), 1) and name = 'members'`,
  );
  return true;
}

/**
 * Deletes an unfinished batch and its rows, {@link REMOVE_CHUNK_ROWS} rows a statement (its rows
 * are invisible, so nobody sees them go). Nothing refers to them: payments are assigned by member
 * ids that only the finished import answers.
 * @returns how many member rows were removed.
 */
export async function removeImportBatch(db: DbOrTx, batchId: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from members where id in (
            select id from members where import_batch_id = ${batchId} limit ${REMOVE_CHUNK_ROWS})
          returning id`,
    );
    removed += rows.length;
    if (rows.length < REMOVE_CHUNK_ROWS) break;
  }
  await db.execute(sql`delete from import_batches where id = ${batchId} and finished_at is null`);
  return removed;
}

/**
 * Removes the batches a crashed import left unfinished (start-up, before the server listens).
 * On PGlite only this process uses the database (the data directory lock), so every unfinished
 * batch is a crashed one; on PostgreSQL another process may be writing one, so only batches whose
 * last chunk is older than `idleMs` are removed.
 * @param idleMs 0 on PGlite; on PostgreSQL 10 minutes (no chunk takes that long).
 * @returns the batches and member rows removed.
 */
export async function removeUnfinishedImportBatches(
  db: DbOrTx,
  idleMs: number,
): Promise<{ batches: number; rows: number }> {
  const stale = await queryRows<{ id: string }>(
    db,
    sql`select id from import_batches
         where finished_at is null and heartbeat_at <= now() - make_interval(secs => ${idleMs / 1000})`,
  );
  let rows = 0;
  for (const batch of stale) rows += await removeImportBatch(db, batch.id);
  return { batches: stale.length, rows };
}
