/**
 * `npm run parish:export -- PARISH_ID FILE` (`docs/deploy.md`, "Moving a parish"): writes every
 * row of one parish into one file for `npm run parish:import` on another deployment or engine
 * (`docs/decisions/0127-parish-move.md`). The database is the server's: DATABASE_URL, else the
 * embedded one in DATA_DIR (stop the server first). Encrypted when BACKUP_PASSPHRASE is set; the
 * file holds members' personal data either way. Exit 1 with the reason on failure.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { pgliteDirOf } from '../src/modules/backup/restore.ts';
import { exportParish } from '../src/modules/backup/parish-move.ts';
import { lockServer, megabytes, parseArgs } from './backup-cli.ts';

async function main(): Promise<void> {
  const { positional } = parseArgs(process.argv.slice(2), []);
  const [id, file] = positional;
  const parishId = Number(id);
  if (!file || positional.length > 2 || !Number.isInteger(parishId) || parishId < 1) {
    throw new Error('Usage: npm run parish:export -- PARISH_ID FILE');
  }
  const config = loadConfig();
  const release = config.databaseUrl ? () => undefined : lockServer(config.dataDir);
  try {
    const started = performance.now();
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirOf(config.dataDir),
      migrate: false,
    });
    try {
      const result = await exportParish(database, parishId, config.backup.passphrase);
      const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
      writeFileSync(out, result.bytes, { mode: 0o600 });
      const rows = Object.values(result.header.tables).reduce((sum, table) => sum + table.count, 0);
      process.stdout.write(
        `Parish ${parishId} (${result.header.parishName}) written to ${out}: ${rows} rows, ` +
          `${megabytes(result.bytes.length)}${config.backup.passphrase ? ', encrypted' : " (NOT encrypted: it holds members' personal data)"}, ` +
          `in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
      );
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Parish export failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
