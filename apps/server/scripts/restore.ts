/**
 * `npm run restore FILE [-- --force]` (`docs/deploy.md`, "Restore"): puts a backup file written by
 * `npm run backup` (or the daily backup) back into the configured database: the embedded one in
 * DATA_DIR (stop the server first), or the PostgreSQL database of DATABASE_URL (pg_restore). It
 * refuses a database that is not empty unless `--force`; an encrypted file needs
 * BACKUP_PASSPHRASE. The migrations of this release are applied afterwards.
 */
import path from 'node:path';

import { loadConfig } from '../src/config/env.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { pgliteDirOf, restoreBackup } from '../src/modules/backup/restore.ts';
import { parseArgs } from './backup-cli.ts';

async function main(): Promise<void> {
  const { flags, positional } = parseArgs(process.argv.slice(2), []);
  const [file] = positional;
  if (!file || positional.length > 1) throw new Error('Usage: npm run restore FILE [-- --force]');
  const config = loadConfig();
  let release = (): void => undefined;
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (error) {
      throw new Error(`Stop the server first. ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
  try {
    const result = await restoreBackup(
      { databaseUrl: config.databaseUrl, pgliteDir: pgliteDirOf(config.dataDir) },
      {
        file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
        force: flags.has('force'),
        passphrase: config.backup.passphrase,
      },
    );
    process.stdout.write(
      `Restored the backup taken ${result.header.takenAt} (release ${result.header.appVersion}) ` +
        `into ${config.databaseUrl ? 'PostgreSQL' : pgliteDirOf(config.dataDir)} in ${(result.durationMs / 1000).toFixed(1)} s.\n` +
        (result.setAside ? `The database it replaced was moved to ${result.setAside}.\n` : ''),
    );
  } finally {
    release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
