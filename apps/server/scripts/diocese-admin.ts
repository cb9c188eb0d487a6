import path from 'node:path';
import { parseArgs } from 'node:util';

import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { addressToPrint } from '../src/lib/server-address.ts';
import { setDioceseAdmin } from '../src/modules/diocese/diocese-auth.ts';

/**
 * `npm run diocese:admin -- --username NAME [--name "Full name"]`, on the server's machine (issue 28
 * item 5, decision 0131; `docs/deploy.md`, "One server for a diocese"): makes a diocese administrator,
 * or gives an existing one a new one-time password (and reactivates it), printed once; it must be
 * changed at the first sign-in at `/diocese/login`, and every earlier session of the account ends.
 * Reads the same configuration as the server (DATA_DIR or DATABASE_URL); with PGlite the server must
 * be stopped first (the data directory is locked). Exit status 1 with the reason as the last line
 * for a missing or malformed username or a locked data directory.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { username: { type: 'string' }, name: { type: 'string' } } });
  const username = values.username?.trim();
  if (!username) throw new Error('Usage: npm run diocese:admin -- --username NAME [--name "Full name"]');
  const config = loadConfig();
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const { oneTimePassword, created } = await setDioceseAdmin(database.db, {
      username,
      ...(values.name && { name: values.name }),
    });
    process.stdout.write(
      `\n  ${created ? 'Diocese administrator created' : 'New one-time password'} for ${username}: ${oneTimePassword}\n` +
        `  Sign in at ${addressToPrint(config)}/diocese/login with it; you will be asked for a new password.\n` +
        '  It is shown only this once.\n\n',
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
