/**
 * `npm run restore FILE [-- --force]` (`docs/deploy.md`, "Restore"): puts a backup file written by
 * `npm run backup` (or the daily backup) back into the configured database: the embedded one in
 * DATA_DIR (stop the server first), or the PostgreSQL database of DATABASE_URL (pg_restore). It
 * refuses a database that is not empty unless `--force`; an encrypted file needs
 * BACKUP_PASSPHRASE. The migrations of this release are applied afterwards, and the backup's link
 * keys are written into DATA_DIR/link-keys (links sent before keep working; it says so, and warns
 * when PUBLIC_URL differs from the address those links name).
 */
import path from 'node:path';

import { loadConfig } from '../src/config/env.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { pgliteDirOf, restoreBackup, type RestoreResult } from '../src/modules/backup/restore.ts';
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
      {
        databaseUrl: config.databaseUrl,
        pgliteDir: pgliteDirOf(config.dataDir),
        dataDir: config.dataDir,
        settingsKey: config.settingsKey,
      },
      {
        file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
        force: flags.has('force'),
        passphrase: config.backup.passphrase,
      },
    );
    process.stdout.write(
      `Restored the backup taken ${result.header.takenAt} (release ${result.header.appVersion}) ` +
        `into ${config.databaseUrl ? 'PostgreSQL' : pgliteDirOf(config.dataDir)} in ${(result.durationMs / 1000).toFixed(1)} s.\n` +
        (result.setAside ? `The database it replaced was moved to ${result.setAside}.\n` : '') +
        linksReport(result.links, config.publicUrl) +
        reenterReport(result.reenter),
    );
  } finally {
    release();
  }
}

/**
 * What the restore means for the links sent before the backup (`docs/deploy.md`, "Restore"): their
 * keys came along, and they open only where PUBLIC_URL is the address they name.
 */
function linksReport(links: RestoreResult['links'], publicUrl: string): string {
  if (!links) {
    return (
      'This backup was written before backups carried the link keys: payment and receipt links sent before it ' +
      'open only with the old DATA_DIR/jwt-secret (or JWT_SECRET) in place.\n'
    );
  }
  return (
    `Payment and receipt links sent before the backup keep working: their keys are in ${links.keysFile}.\n` +
    (links.replacedKeysFile ? `The link keys it replaced were moved to ${links.replacedKeysFile}.\n` : '') +
    (links.publicUrl === publicUrl
      ? ''
      : `Those links name ${links.publicUrl}, and PUBLIC_URL here is ${publicUrl}: serve the parish at ` +
        `${links.publicUrl} (set PUBLIC_URL to it) or they will not reach this server.\n`)
  );
}

/**
 * The parish secrets to enter again (decision 0130): those sealed under another SETTINGS_KEY than
 * this server's were cleared, everything else restored as it was. One line per parish.
 */
function reenterReport(reenter: RestoreResult['reenter']): string {
  if (reenter.length === 0) return '';
  const byParish = new Map<number, string[]>();
  for (const item of reenter) byParish.set(item.parishId, [...(byParish.get(item.parishId) ?? []), item.label]);
  const lines = [...byParish].map(
    ([parishId, labels]) =>
      `${byParish.size > 1 || parishId !== 1 ? `Parish ${parishId}: ` : ''}Re-enter: ${labels.join(', ')}`,
  );
  return (
    'SETTINGS_KEY here is not the key these parish secrets were sealed with: they were cleared, everything else ' +
    "is restored. Enter them again on the parish's Settings page (or restore with the backup's SETTINGS_KEY).\n" +
    lines.map((line) => `${line}\n`).join('')
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
