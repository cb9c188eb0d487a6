/**
 * `npm run parish:import -- FILE` (`docs/deploy.md`, "Moving a parish"): puts a parish written by
 * `npm run parish:export` into the server's database (DATABASE_URL, else the embedded one in
 * DATA_DIR; stop the server first), in one transaction: into the empty home parish of a fresh
 * install, else as a new parish. The database is migrated to this release first; a file of another
 * migration level is refused. An encrypted file needs BACKUP_PASSPHRASE. Every table's rows and
 * money sums are compared with the file's before the import commits (`docs/decisions/0127-parish-move.md`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { importParish } from '../src/modules/backup/parish-move.ts';
import { pgliteDirOf } from '../src/modules/backup/restore.ts';
import { lockServer, parseArgs } from './backup-cli.ts';

async function main(): Promise<void> {
  const { positional } = parseArgs(process.argv.slice(2), []);
  const [file] = positional;
  if (!file || positional.length > 1) throw new Error('Usage: npm run parish:import -- FILE');
  const config = loadConfig();
  const release = config.databaseUrl ? () => undefined : lockServer(config.dataDir);
  try {
    const started = performance.now();
    const bytes = readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirOf(config.dataDir) });
    try {
      const result = await importParish(database, bytes, config.backup.passphrase, config.settingsKey);
      process.stdout.write(
        `Parish ${result.header.parishName} imported as parish ${result.parishId}` +
          `${result.filledHome ? ' (the empty home parish of this install)' : ''}: ${result.rows} rows, ` +
          `counts and money sums checked, in ${((performance.now() - started) / 1000).toFixed(1)} s.\n` +
          (result.filledHome
            ? "Its staff accounts replaced this install's first admin: sign in with the parish's own accounts.\n"
            : `Give it a host name with npm run parish:host so its staff and members reach it.\n`) +
          (result.reenter.length > 0
            ? `Its secrets were sealed with another SETTINGS_KEY and were cleared. Re-enter: ${result.reenter
                .map((item) => item.label)
                .join(', ')} (Settings page).\n`
            : ''),
      );
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Parish import failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
