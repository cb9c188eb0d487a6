import { runAsOwner } from '../../db/parish-scope.ts';
import { gunzipSync, gzipSync } from 'node:zlib';

import { sql } from 'drizzle-orm';

import type { Database, DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { APP_VERSION } from '../../lib/app-version.ts';
import type { SettingsKey } from '../../lib/settings-key.ts';
import { clearSecretsSealedUnderAnotherKey } from '../settings/parish-credentials.ts';
import { BackupFileError, decodeBackup, encodeBackup, readBackupHeader } from './backup-file.ts';
import { appliedMigrations } from './backup.service.ts';
import {
  ident,
  parishCounts,
  parishTablesInOrder,
  SUMMARY_TABLES,
  type ParishTable,
  type TableCounts,
} from './parish-tables-catalog.ts';

/**
 * Moving one parish between deployments (issue 28 item 8; `docs/parishes.md`, "Moving a parish";
 * `docs/decisions/0127-parish-move.md`). The parish file:
 *
 * ```
 * PARISH-DUES-PARISH 1\n      this magic line, so `npm run restore` refuses the file
 * <a backup file>             `backup-file.ts`'s format (checksum, optional AES-256-GCM with
 *                             BACKUP_PASSPHRASE) around a gzip of JSON lines:
 *                             line 1: ParishFileHeader; then `<table>\t<row as JSON>` per row
 * ```
 *
 * The file holds members' personal data (names, mobiles, addresses) and staff password hashes:
 * encrypt it (BACKUP_PASSPHRASE) and delete it once the move is done. It is engine-neutral: rows
 * are JSON, so a parish moves from the embedded database to PostgreSQL and back.
 */

/** The first line of a parish file. */
export const PARISH_MAGIC = 'PARISH-DUES-PARISH 1';

/** The first JSON line inside a parish file: what an import checks the database against. */
export interface ParishFileHeader {
  format: 1;
  /** The parish's name (`parishes.name`) and its id in the source. */
  parishName: string;
  sourceParishId: number;
  /** The source's engine and migration level (rows of `drizzle.__drizzle_migrations`). */
  engine: 'pglite' | 'postgres';
  migrations: number;
  /** Per table (FK order): rows and the sums of `*_paise` / `count` / `*_count` columns. */
  tables: Record<string, TableCounts>;
}

/** What an export wrote. */
export interface ParishExportResult {
  bytes: Buffer;
  header: ParishFileHeader;
}

/**
 * Reads every per-parish row of one parish in one repeatable-read snapshot and builds the file.
 * @param parishId `parishes.id` of the parish to export
 * @param passphrase BACKUP_PASSPHRASE: encrypt the file with it; undefined: plain
 * @throws Error when there is no such parish
 */
export async function exportParish(
  database: Database,
  parishId: number,
  passphrase: string | undefined,
): Promise<ParishExportResult> {
  // As the owner: one parish's rows read by their parish_id, whatever parish the caller is in (decision 0128).
  return runAsOwner(() => exportParishRows(database, parishId, passphrase));
}

async function exportParishRows(
  database: Database,
  parishId: number,
  passphrase: string | undefined,
): Promise<ParishExportResult> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const [parish] = await queryRows<{ name: string }>(tx, sql`select name from parishes where id = ${parishId}`);
    if (!parish) throw new Error(`There is no parish ${parishId} in this database.`);
    const tables = await parishTablesInOrder(tx);
    const header: ParishFileHeader = {
      format: 1,
      parishName: parish.name,
      sourceParishId: parishId,
      engine: database.kind,
      migrations: await appliedMigrations(tx),
      tables: await parishCounts(tx, tables, parishId),
    };
    const lines = [JSON.stringify(header)];
    for (const table of tables) {
      if (SUMMARY_TABLES.includes(table.name)) continue;
      const rows = await queryRows<{ j: string }>(
        tx,
        sql.raw(`select to_jsonb(t)::text as j from ${ident(table.name)} t where parish_id = ${Number(parishId)}`),
      );
      for (const row of rows) lines.push(`${table.name}\t${row.j}`);
    }
    const payload = gzipSync(Buffer.from(`${lines.join('\n')}\n`));
    const inner = await encodeBackup(
      {
        engine: database.kind,
        takenAt: new Date().toISOString(),
        appVersion: APP_VERSION,
        migrations: header.migrations,
      },
      payload,
      passphrase,
      null,
    );
    return { bytes: Buffer.concat([Buffer.from(`${PARISH_MAGIC}\n`), inner]), header };
  });
}

/** Opens a parish file: magic, migration level, passphrase, checksum. @throws BackupFileError */
export async function openParishFile(
  bytes: Buffer,
  passphrase: string | undefined,
  targetMigrations: number,
): Promise<{ header: ParishFileHeader; rows: Map<string, string[]> }> {
  const magic = Buffer.from(`${PARISH_MAGIC}\n`);
  if (!bytes.subarray(0, magic.length).equals(magic)) throw new BackupFileError('This is not a parish file.');
  const inner = bytes.subarray(magic.length);
  const level = readBackupHeader(inner).header.migrations;
  if (level !== targetMigrations) {
    throw new BackupFileError(
      level > targetMigrations
        ? `The parish file is from a newer release (migration level ${level}, this database ${targetMigrations}): upgrade this deployment first.`
        : `The parish file is from an older release (migration level ${level}, this database ${targetMigrations}): upgrade the source to this release and export again.`,
    );
  }
  const { payload } = await decodeBackup(inner, passphrase);
  const [first = '', ...lines] = gunzipSync(payload).toString('utf8').split('\n');
  const header = JSON.parse(first) as ParishFileHeader;
  const rows = new Map<string, string[]>();
  for (const line of lines) {
    if (!line) continue;
    const tab = line.indexOf('\t');
    const table = line.slice(0, tab);
    const list = rows.get(table) ?? [];
    if (list.length === 0) rows.set(table, list);
    list.push(line.slice(tab + 1));
  }
  return { header, rows };
}

/** What an import did. */
export interface ParishImportResult {
  header: ParishFileHeader;
  /** The parish the rows went into. */
  parishId: number;
  /** True when the empty home parish of a fresh install was filled instead of a new parish made. */
  filledHome: boolean;
  rows: number;
  /**
   * The parish's secrets sealed under another SETTINGS_KEY than this server's (the file came from
   * another deployment): cleared, to be entered again on its Settings page (decision 0130).
   */
  reenter: { parishId: number; field: string; label: string }[];
}

/**
 * Imports a parish file in one transaction: into the home parish (id 1) when this is a one-parish
 * install whose home parish has no members and no payments (its rows, such as the first admin, are
 * replaced by the file's), else into a new parish. Afterwards every table's count and sums are
 * compared with the file's header (summary tables: sums only, as the triggers build them). With
 * `settingsKey`, the parish's secrets sealed under another key are then cleared for re-entry
 * (decision 0130).
 * @throws BackupFileError for a file that cannot be read or is of another migration level; Error
 *   when a row's id already exists in this database (imported before?) or a count or sum differs;
 *   nothing is written then
 */
export async function importParish(
  database: Database,
  bytes: Buffer,
  passphrase: string | undefined,
  settingsKey?: SettingsKey,
): Promise<ParishImportResult> {
  // As the owner (a new parish is made, rows are written by their parish_id; decision 0128).
  return runAsOwner(() => importParishRows(database, bytes, passphrase, settingsKey));
}

async function importParishRows(
  database: Database,
  bytes: Buffer,
  passphrase: string | undefined,
  settingsKey: SettingsKey | undefined,
): Promise<ParishImportResult> {
  const { header, rows } = await openParishFile(bytes, passphrase, await appliedMigrations(database.db));
  return database.db.transaction(async (tx) => {
    const tables = await parishTablesInOrder(tx);
    const filledHome = await homeIsEmpty(tx);
    let parishId = 1;
    if (filledHome) {
      // In the home parish, so that the deletes bump its data versions (their trigger names the parish of the work).
      await tx.execute(sql`select set_config('app.parish_id', '1', true)`);
      for (const table of [...tables].reverse())
        await tx.execute(sql.raw(`delete from ${ident(table.name)} where parish_id = 1`));
      await tx.execute(sql`update parishes set name = ${header.parishName} where id = 1`);
    } else {
      const [made] = await queryRows<{ id: number }>(
        tx,
        sql`insert into parishes (name) values (${header.parishName}) returning id`,
      );
      parishId = Number(made?.id);
    }
    await tx.execute(sql`select set_config('app.parish_id', ${String(parishId)}, true)`);
    let total = 0;
    for (const table of tables) {
      const lines = rows.get(table.name) ?? [];
      if (SUMMARY_TABLES.includes(table.name) || lines.length === 0) continue;
      await insertRows(tx, table, parishId, lines);
      total += lines.length;
    }
    await refuseSharedIds(tx, tables, parishId);
    compareCounts(header.tables, await parishCounts(tx, tables, parishId));
    const reenter = settingsKey ? await clearSecretsSealedUnderAnotherKey(tx, settingsKey, parishId) : [];
    return { header, parishId, filledHome, rows: total, reenter };
  });
}

/** Whether the database has only the home parish and it has no members and no payments. */
async function homeIsEmpty(tx: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ parishes: number; members: number; payments: number }>(
    tx,
    sql`select (select count(*)::int from parishes) as parishes,
               (select count(*)::int from members where parish_id = 1) as members,
               (select count(*)::int from payments where parish_id = 1) as payments`,
  );
  return row?.parishes === 1 && row.members === 0 && row.payments === 0;
}

/** Inserts one table's rows (JSON text) with `parish_id` replaced, 2000 rows a statement. */
async function insertRows(tx: DbOrTx, table: ParishTable, parishId: number, lines: string[]): Promise<void> {
  const list = table.columns.map(ident).join(', ');
  const values = table.columns.map((c) => (c === 'parish_id' ? String(Number(parishId)) : `r.${ident(c)}`)).join(', ');
  for (let start = 0; start < lines.length; start += 2000) {
    const json = `[${lines.slice(start, start + 2000).join(',')}]`;
    await tx.execute(
      sql`${sql.raw(`insert into ${ident(table.name)} (${list}) select ${values} from jsonb_populate_recordset(null::${ident(table.name)}, `)}${json}::jsonb) r`,
    );
  }
}

/**
 * Refuses rows whose UUID `id` another parish of this database already has (the same parish
 * imported twice): keys are `(parish_id, id)`, so the database alone would let the copy in.
 * @throws Error naming the table and how many ids clash
 */
async function refuseSharedIds(tx: DbOrTx, tables: ParishTable[], parishId: number): Promise<void> {
  for (const table of tables) {
    if (!table.columns.includes('id') || SUMMARY_TABLES.includes(table.name)) continue;
    const name = ident(table.name);
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql.raw(
        `select count(*)::int as n from ${name} a join ${name} b on b.id = a.id and b.parish_id <> a.parish_id
          where a.parish_id = ${Number(parishId)} and pg_typeof(a.id) = 'uuid'::regtype`,
      ),
    );
    if ((row?.n ?? 0) > 0) {
      throw new Error(
        `${row?.n} row(s) of ${table.name} have ids another parish of this database already has: ` +
          'this parish was imported here before. Nothing was written.',
      );
    }
  }
}

/**
 * Compares the imported parish's counts and sums with the file's header.
 * @throws Error listing every difference; the caller's transaction then rolls back
 */
export function compareCounts(expected: Record<string, TableCounts>, actual: Record<string, TableCounts>): void {
  const differences: string[] = [];
  for (const [table, want] of Object.entries(expected)) {
    if (table === 'data_versions') continue; // cache tokens, bumped by the triggers as rows go in
    const got = actual[table] ?? { count: 0, sums: {} };
    if (!SUMMARY_TABLES.includes(table) && got.count !== want.count)
      differences.push(`${table}: ${got.count} rows, the file says ${want.count}`);
    for (const [column, sum] of Object.entries(want.sums)) {
      if ((got.sums[column] ?? '0') !== sum)
        differences.push(`${table}.${column}: sum ${got.sums[column]}, the file says ${sum}`);
    }
  }
  if (differences.length > 0) {
    throw new Error(`The imported parish does not match the file, so nothing was written: ${differences.join('; ')}`);
  }
}
