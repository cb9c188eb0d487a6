import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { openDatabase, PGLITE_EXTENSIONS } from '../../db/client.ts';
import { wipeDatabase } from '../../db/wipe.ts';
import type { SettingsKey } from '../../lib/settings-key.ts';
import { LINK_KEYS_FILE, linkKeysFromText, writeLinkKeys, type LinkKeys } from '../../lib/link-keys.ts';
import { clearSecretsSealedUnderAnotherKey } from '../settings/parish-credentials.ts';
import {
  BackupFileError,
  decodeBackup,
  readBackupHeader,
  type BackupHeader,
  type BackupSecrets,
} from './backup-file.ts';

/**
 * `npm run restore FILE` (`docs/deploy.md`, "Restore"): puts a backup file back into an empty data
 * folder (PGlite) or an empty PostgreSQL database, then applies the migrations this release has
 * and the backup had not (an older backup is brought up to date; a newer one is refused by the
 * start-up check), writes the backup's link keys into the data folder, and clears (for re-entry)
 * the parish secrets sealed under another SETTINGS_KEY than this server's (decision 0130). The caller holds the
 * data directory's lock (PGlite): the server is stopped.
 */

/** Where to restore: the configuration's database. */
export interface RestoreTarget {
  /** A PostgreSQL server URL, or undefined for the embedded database in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  /**
   * DATA_DIR, where the backup's link keys are written (`DATA_DIR/link-keys`,
   * `docs/decisions/0071-backups-carry-the-link-keys.md`); undefined: they are not written.
   */
  dataDir?: string | undefined;
  /**
   * The settings key of this server (`config.settingsKey`, decision 0130): the parish secrets sealed
   * under another key are cleared and named for re-entry. Undefined: they are not checked.
   */
  settingsKey?: SettingsKey | undefined;
}

/** What a restore did. */
export interface RestoreResult {
  header: BackupHeader;
  /** Milliseconds from reading the file to the migrated database closed again. */
  durationMs: number;
  /** With `force` on PGlite: where the replaced data folder was moved (kept, not deleted); else null. */
  setAside: string | null;
  /**
   * The backup's link keys and PUBLIC_URL, written into `DATA_DIR/link-keys` when the target names
   * a data folder; null for a backup written before backups carried them.
   */
  links: { publicUrl: string; keysFile: string | null; replacedKeysFile: string | null } | null;
  /**
   * The parish secrets that did not open with this server's SETTINGS_KEY (the backup's server had
   * another): cleared, to be entered again on each parish's Settings page; empty when all opened
   * (decision 0130). Nothing else was changed for them.
   */
  reenter: { parishId: number; field: string; label: string }[];
}

/** Whether the embedded database's folder holds anything. */
function folderHasFiles(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** Whether the PostgreSQL database has any table in `public` or a migrations journal. */
async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'parish-dues-restore' });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
    );
    return (result.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

function runPgRestore(databaseUrl: string, payload: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`pg_restore could not run (install PostgreSQL's client tools): ${error.message}`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_restore failed (exit ${code}): ${err.trim()}`)),
    );
    child.stdin.end(payload);
  });
}

/**
 * Restores a backup file into the target.
 * @param input.file the backup file's path
 * @param input.force replace a database that is not empty (PGlite: the old folder is moved aside
 *   to `pglite.before-restore-<time>`; PostgreSQL: its tables are dropped)
 * @param input.passphrase BACKUP_PASSPHRASE, needed for an encrypted file
 * @throws BackupFileError for a file that is not a backup, damaged, or of the other engine; Error
 *   "… is not empty" without `force`; pg_restore's message when it fails
 */
export async function restoreBackup(
  target: RestoreTarget,
  input: { file: string; force: boolean; passphrase: string | undefined },
): Promise<RestoreResult> {
  const started = performance.now();
  const bytes = readFileSync(input.file);
  const wanted = target.databaseUrl ? 'postgres' : 'pglite';
  const { engine } = readBackupHeader(bytes).header;
  if (engine !== wanted) {
    throw new BackupFileError(
      engine === 'pglite'
        ? 'This backup is of the embedded database: restore it without DATABASE_URL, into a DATA_DIR.'
        : 'This backup is of a PostgreSQL server: set DATABASE_URL to the (empty) database to restore it into.',
    );
  }
  const notEmpty = target.databaseUrl ? await postgresHasTables(target.databaseUrl) : folderHasFiles(target.pgliteDir);
  if (notEmpty && !input.force) {
    throw new Error(
      target.databaseUrl
        ? 'The PostgreSQL database is not empty: restore into an empty database, or add --force to replace it.'
        : `${target.pgliteDir} is not empty: restore into an empty DATA_DIR, or add --force to replace it ` +
            '(the old folder is kept beside it).',
    );
  }
  const { header, payload, secrets } = await decodeBackup(bytes, input.passphrase);
  const linkKeys = secrets && backupLinkKeys(secrets);
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  let setAside: string | null = null;
  if (!target.databaseUrl) {
    if (notEmpty) {
      setAside = `${target.pgliteDir}.before-restore-${stamp}`;
      renameSync(target.pgliteDir, setAside);
    }
    const pglite = await PGlite.create(target.pgliteDir, {
      loadDataDir: new Blob([gunzipSync(payload)]),
      extensions: PGLITE_EXTENSIONS,
    });
    await pglite.close();
  } else {
    if (notEmpty) {
      await wipeDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.pgliteDir });
    }
    await runPgRestore(target.databaseUrl, payload);
  }
  // Bring an older backup up to this release's schema (and refuse a newer one).
  const database = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.pgliteDir });
  let reenter: RestoreResult['reenter'] = [];
  try {
    if (target.settingsKey) reenter = await clearSecretsSealedUnderAnotherKey(database.db, target.settingsKey);
  } finally {
    await database.close();
  }
  return {
    header,
    durationMs: Math.round(performance.now() - started),
    setAside,
    links: secrets && linkKeys && restoreLinkKeys(target.dataDir, secrets.publicUrl, linkKeys, stamp),
    reenter,
  };
}

/** The link keys of a backup. @throws BackupFileError when they are damaged */
function backupLinkKeys(secrets: BackupSecrets): LinkKeys {
  try {
    return linkKeysFromText(secrets.linkKeys);
  } catch (error) {
    throw new BackupFileError('The backup file is damaged: its link keys cannot be read.', { cause: error });
  }
}

/**
 * Writes a backup's link keys into `DATA_DIR/link-keys`, so the links sent before the backup
 * still open on this machine (`docs/decisions/0071-backups-carry-the-link-keys.md`).
 * @returns the backup's PUBLIC_URL, the file written (null without a data folder) and where a
 *   different keys file was moved
 */
function restoreLinkKeys(
  dataDir: string | undefined,
  publicUrl: string,
  keys: LinkKeys,
  stamp: string,
): NonNullable<RestoreResult['links']> {
  if (!dataDir) return { publicUrl, keysFile: null, replacedKeysFile: null };
  const replacedKeysFile = writeLinkKeys(dataDir, keys, stamp);
  return { publicUrl, keysFile: path.join(dataDir, LINK_KEYS_FILE), replacedKeysFile };
}

/** The folder name of the embedded database inside DATA_DIR. */
export function pgliteDirOf(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
