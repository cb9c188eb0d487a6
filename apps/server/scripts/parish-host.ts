import path from 'node:path';

import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { listParishHosts, parseParishHostArgs, registerParishHost } from '../src/modules/parishes/parish-hosts.ts';

/**
 * `npm run parish:host -- <parish-id> <host>`: a parish is found by that host name from now on
 * (decision 0125; `docs/deploy.md`, "One server for a diocese"); a host another parish had moves to
 * this one. `npm run parish:host -- --list` prints every registered host. Reads the same
 * configuration as the server (DATA_DIR or DATABASE_URL) and migrates the database first. With
 * PGlite the server must be stopped (the data directory is locked); with PostgreSQL it may run, and
 * it sees the change within 5 seconds. Exit status 1 with the reason as the last line for bad
 * arguments, an unknown parish or a locked data directory.
 */
async function main(): Promise<void> {
  const command = parseParishHostArgs(process.argv.slice(2));
  const config = loadConfig();
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    if (command.kind === 'list') {
      const rows = await listParishHosts(database.db);
      if (rows.length === 0)
        process.stdout.write('No host is registered: a one-parish server answers on any address.\n');
      for (const row of rows) process.stdout.write(`${row.host}\tparish ${row.parishId} (${row.parishName})\n`);
      return;
    }
    const { host, previousParishId } = await registerParishHost(database.db, command.parishId, command.host);
    const moved = previousParishId !== null && previousParishId !== command.parishId;
    process.stdout.write(
      `${host} now belongs to parish ${command.parishId}${moved ? ` (it was parish ${previousParishId}'s)` : ''}.\n` +
        `Members and staff of that parish open https://${host}\n`,
    );
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
