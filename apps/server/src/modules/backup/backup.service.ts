import { runAsOwner } from '../../db/parish-scope.ts';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

import type { BackupStatus } from '@parish/shared';
import { desc, sql } from 'drizzle-orm';

import type { Config } from '../../config/env.ts';
import type { ServiceContext } from '../../context.ts';
import { connectionStringOf, queryRows, type Database, type DbOrTx } from '../../db/client.ts';
import { backupRuns } from '../../db/schema/index.ts';
import { APP_VERSION } from '../../lib/app-version.ts';
import { linkKeysToText } from '../../lib/link-keys.ts';
import { encodeBackup, type BackupKey } from './backup-file.ts';
import { pgliteOnlineSnapshot } from './pglite-online-snapshot.ts';

/**
 * Backups of the whole database (`docs/deploy.md`, "Backups";
 * `docs/decisions/0032-backup-file.md`): a consistent snapshot written as one file
 * (`backup-file.ts`), optionally encrypted and copied to a second folder, recorded in
 * `backup_runs`. Daily ones (`workers/daily-backup.ts`) are pruned to BACKUP_KEEP.
 */

const gzipAsync = promisify(gzip);

/** Names of the files this module writes into `DATA_DIR/backups`: `parish-dues-<UTC stamp>-<kind>.pdbackup`. */
const FILE_PATTERN = /^parish-dues-\d{8}T\d{6}Z-(daily|manual)\.pdbackup$/;

/** What a backup wrote. */
export interface BackupResult {
  /** Absolute path of the file written. */
  file: string;
  /** Its size in bytes. */
  bytes: number;
  /** When the snapshot was taken (ISO UTC). */
  takenAt: string;
  /**
   * The longest time, in milliseconds, the snapshot held the embedded database at once (PGlite: no
   * other statement ran meanwhile; decision 0157); 0 on PostgreSQL.
   */
  heldMs: number;
  /** Milliseconds from start to the file written (and copied). */
  durationMs: number;
  encrypted: boolean;
  /** The copy's path in BACKUP_COPY_DIR, or null. */
  copiedTo: string | null;
}

/** The latest backup as the Parish Settings page and `/api/health` show it. */
export interface LastBackup {
  /** ISO UTC. */
  takenAt: string;
  kind: 'daily' | 'manual';
  fileName: string;
  bytes: number;
  encrypted: boolean;
  copied: boolean;
}

/** How many migrations the database has applied (rows of drizzle.__drizzle_migrations). */
export async function appliedMigrations(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return row?.n ?? 0;
}

/**
 * Takes the snapshot: the payload of the backup file.
 * - PGlite on a data folder on disk (a parish's server): PostgreSQL's online base backup
 *   (`pglite-online-snapshot.ts`, decision 0157): requests go on while the files are copied; the
 *   database is held only for the start's checkpoint and for the stop with the WAL segments the
 *   backup needs (no other WAL goes in).
 * - PGlite in memory or in a browser's storage (no folder to read): a CHECKPOINT, then the data
 *   directory as a tar (`dumpDataDir`) taken inside a transaction, so no other statement or
 *   transaction of this process runs meanwhile and the copy is consistent; gzip runs afterwards.
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot by PostgreSQL's own MVCC; the app
 *   keeps running), which must be on PATH in a version at least the server's.
 * @returns the payload and the longest time the database was held at once (ms; 0 on PostgreSQL)
 * @throws Error when pg_dump is missing or fails (its stderr in the message), or the online copy
 *   fails (`pgliteOnlineSnapshot`)
 */
export async function takeSnapshot(database: Database, config: Config): Promise<{ payload: Buffer; heldMs: number }> {
  if (database.pglite) {
    const pglite = database.pglite;
    const dataDir = pglite.dataDir;
    if (dataDir && !dataDir.includes('://')) return pgliteOnlineSnapshot(pglite, dataDir);
    await pglite.exec('CHECKPOINT');
    const started = performance.now();
    const tar = await pglite.transaction(async () => pglite.dumpDataDir('none'));
    const heldMs = performance.now() - started;
    return { payload: await gzipAsync(Buffer.from(await tar.arrayBuffer())), heldMs };
  }
  const url = connectionStringOf(database) ?? config.databaseUrl;
  if (!url) throw new Error('No database to back up.');
  return { payload: await runPgDump(url), heldMs: 0 };
}

function runPgDump(databaseUrl: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${databaseUrl}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`pg_dump could not run (install PostgreSQL's client tools): ${error.message}`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`pg_dump failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/** `parish-dues-20261123T020000Z-daily.pdbackup` for an instant and a kind. */
export function backupFileName(takenAt: Date, kind: 'daily' | 'manual'): string {
  const stamp = takenAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `parish-dues-${stamp}-${kind}.pdbackup`;
}

/** Writes a file atomically (a temporary name, then rename), creating its folder. */
function writeAtomically(file: string, bytes: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.partial-${process.pid}`;
  writeFileSync(temporary, bytes, { mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * Writes one backup: snapshot, file (encrypted with the key `npm run backup` handed over, else
 * with BACKUP_PASSPHRASE when set; carrying the link keys and PUBLIC_URL,
 * `docs/decisions/0071-backups-carry-the-link-keys.md`), a copy in BACKUP_COPY_DIR when set, and
 * its row in `backup_runs`; a daily one then prunes the daily files to the newest BACKUP_KEEP (in
 * both folders). The row is written after the snapshot, so a restored database does not claim its
 * own backup.
 * @param input.out where to write (absolute or relative to the working directory); default
 *   `DATA_DIR/backups/<backupFileName>`
 * @param input.kind `daily` (the worker) or `manual` (`npm run backup`)
 * @param input.key the key of this one file, derived by `npm run backup` from its BACKUP_PASSPHRASE
 *   (`docs/decisions/0070-backup-through-the-running-server-encrypts.md`); wins over the server's
 * @throws Error when the snapshot or the file cannot be written; a failing copy is logged and
 *   recorded as not copied, never a failure of the backup itself
 */
export async function writeBackup(
  ctx: ServiceContext,
  input: { out?: string | undefined; kind: 'daily' | 'manual'; key?: BackupKey | undefined },
): Promise<BackupResult> {
  // A backup holds every parish: taken as the owner (decision 0128).
  return runAsOwner(() => writeBackupAsOwner(ctx, input));
}

async function writeBackupAsOwner(
  ctx: ServiceContext,
  input: { out?: string | undefined; kind: 'daily' | 'manual'; key?: BackupKey | undefined },
): Promise<BackupResult> {
  const started = performance.now();
  const { backup } = ctx.config;
  const encryption = input.key ?? backup.passphrase;
  const takenAt = ctx.clock.now();
  const migrations = await appliedMigrations(ctx.db);
  const { payload, heldMs } = await takeSnapshot(ctx.database, ctx.config);
  const bytes = await encodeBackup(
    { engine: ctx.database.kind, takenAt: takenAt.toISOString(), appVersion: APP_VERSION, migrations },
    payload,
    encryption,
    { linkKeys: linkKeysToText(ctx.config.linkKeys), publicUrl: ctx.config.publicUrl },
  );
  const file = input.out ? path.resolve(input.out) : path.join(backup.dir, backupFileName(takenAt, input.kind));
  writeAtomically(file, bytes);
  let copiedTo: string | null = null;
  if (backup.copyDir) {
    try {
      const copy = path.join(backup.copyDir, path.basename(file));
      mkdirSync(backup.copyDir, { recursive: true });
      copyFileSync(file, `${copy}.partial-${process.pid}`);
      renameSync(`${copy}.partial-${process.pid}`, copy);
      copiedTo = copy;
    } catch (error) {
      ctx.log.error({ err: error, copyDir: backup.copyDir }, 'the backup could not be copied to BACKUP_COPY_DIR');
    }
  }
  const durationMs = Math.round(performance.now() - started);
  // A database of an older release, backed up before its upgrade, has no backup_runs yet.
  const [table] = await queryRows<{ exists: boolean }>(
    ctx.db,
    sql`SELECT to_regclass('public.backup_runs') IS NOT NULL AS exists`,
  );
  if (table?.exists)
    await ctx.db.insert(backupRuns).values({
      takenAt: takenAt.toISOString(),
      kind: input.kind,
      fileName: path.basename(file),
      bytes: bytes.length,
      durationMs,
      encrypted: Boolean(encryption),
      copied: copiedTo !== null,
    });
  if (input.kind === 'daily') {
    pruneDailyBackups(backup.dir, backup.keep);
    if (backup.copyDir) pruneDailyBackups(backup.copyDir, backup.keep);
  }
  ctx.log.info({ file, bytes: bytes.length, durationMs, heldMs: Math.round(heldMs) }, 'backup written');
  return {
    file,
    bytes: bytes.length,
    takenAt: takenAt.toISOString(),
    heldMs: Math.round(heldMs),
    durationMs,
    encrypted: Boolean(encryption),
    copiedTo,
  };
}

/**
 * Deletes the oldest daily backup files of a folder beyond the newest `keep` (names sort by
 * time). Manual backups and other files are never touched.
 */
export function pruneDailyBackups(dir: string, keep: number): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => FILE_PATTERN.test(name) && name.endsWith('-daily.pdbackup'));
  } catch {
    return [];
  }
  const doomed = names.sort().slice(0, Math.max(0, names.length - keep));
  for (const name of doomed) rmSync(path.join(dir, name), { force: true });
  return doomed;
}

/** The backup files of a folder, newest first, with their sizes (for `npm run backup -- --list`). */
export function listBackupFiles(dir: string): { name: string; bytes: number }[] {
  try {
    return readdirSync(dir)
      .filter((name) => FILE_PATTERN.test(name))
      .sort()
      .reverse()
      .map((name) => ({ name, bytes: statSync(path.join(dir, name)).size }));
  } catch {
    return [];
  }
}

/** The latest backup recorded in `backup_runs` (times in UTC), or null when none was ever taken. */
export async function lastBackup(ctx: Pick<ServiceContext, 'db'>): Promise<LastBackup | null> {
  const [row] = await ctx.db.select().from(backupRuns).orderBy(desc(backupRuns.takenAt)).limit(1);
  if (!row) return null;
  return {
    takenAt: new Date(row.takenAt).toISOString(),
    kind: row.kind === 'daily' ? 'daily' : 'manual',
    fileName: row.fileName,
    bytes: row.bytes,
    encrypted: row.encrypted,
    copied: row.copied,
  };
}

/**
 * The Parish Settings page's backup panel: the latest backup ({@link lastBackup}) with the
 * settings that matter to the admin (BACKUP_KEEP, whether BACKUP_COPY_DIR and BACKUP_PASSPHRASE are
 * set; never their values).
 */
export async function backupStatus(ctx: ServiceContext): Promise<BackupStatus> {
  return {
    last: await lastBackup(ctx),
    keep: ctx.config.backup.keep,
    copyDirSet: Boolean(ctx.config.backup.copyDir),
    passphraseSet: Boolean(ctx.config.backup.passphrase),
  };
}
