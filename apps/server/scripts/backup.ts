/**
 * `npm run backup [-- --out FILE]` (`docs/deploy.md`, "Backups"): writes one file holding the whole
 * database, by default `DATA_DIR/backups/parish-dues-<UTC time>-manual.pdbackup`, encrypted when
 * BACKUP_PASSPHRASE is set and copied to BACKUP_COPY_DIR when set.
 * - Embedded database, server stopped: this command opens the data folder itself.
 * - Embedded database, server running: the server takes the snapshot (SIGUSR2 and a request file,
 *   `workers/daily-backup.ts`); requests keep being answered meanwhile.
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` inside the same file format; the
 *   PostgreSQL client tools must be installed.
 * `--list` prints the files in DATA_DIR/backups instead. Exit 1 with the reason on failure.
 */
import path from 'node:path';

import { loadConfig } from '../src/config/env.ts';
import { systemContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { listBackupFiles, writeBackup, type BackupResult } from '../src/modules/backup/backup.service.ts';
import { megabytes, parseArgs, requestBackupFromServer, scriptDeps } from './backup-cli.ts';

async function main(): Promise<void> {
  const { flags } = parseArgs(process.argv.slice(2), ['out']);
  const config = loadConfig();
  if (flags.has('list')) {
    for (const file of listBackupFiles(config.backup.dir))
      process.stdout.write(`${file.name}  ${megabytes(file.bytes)}\n`);
    return;
  }
  const outFlag = flags.get('out');
  const out = typeof outFlag === 'string' ? path.resolve(process.env.INIT_CWD ?? process.cwd(), outFlag) : undefined;
  let release = (): void => undefined;
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch {
      // The server holds the data folder: it takes the snapshot.
      const answer = await requestBackupFromServer(config, out ?? null);
      if (typeof answer.error === 'string') throw new Error(answer.error);
      report(answer as unknown as BackupResult, 'by the running server');
      return;
    }
  }
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      migrate: false,
    });
    try {
      report(await writeBackup(systemContext(scriptDeps(config, database)), { kind: 'manual', out }), '');
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

function report(result: BackupResult, by: string): void {
  process.stdout.write(
    `Backup written${by ? ` ${by}` : ''}: ${result.file}\n` +
      `  ${megabytes(result.bytes)}${result.encrypted ? ', encrypted' : ''}, in ${(result.durationMs / 1000).toFixed(1)} s` +
      `${result.copiedTo ? `; copy: ${result.copiedTo}` : ''}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
