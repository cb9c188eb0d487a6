import path from 'node:path';
import { parseArgs } from 'node:util';

import { sql } from 'drizzle-orm';

import { loadConfig } from '../src/config/env.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { HOME_PARISH_ID } from '../src/db/schema/parishes.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { addressToPrint } from '../src/lib/server-address.ts';
import { setStaffOneTimePassword } from '../src/modules/auth/password-resets.service.ts';

/**
 * `npm run admin:reset -- --username NAME`, on the server's machine, for an admin locked out with no
 * other admin to reset them (`docs/domain.md`, "Password resets"): sets a one-time password on that
 * staff account (printed once; its next session may only change it), removes its second factor
 * (two-step sign-in, `docs/domain.md`, "Two-step sign-in for staff"), ends its sessions,
 * reactivates nothing, and records `staff_user.one_time_password_set` (and
 * `staff_user.two_step_removed` when it had a second factor) by 'server console'. Reads the same
 * configuration as the server (DATA_DIR or DATABASE_URL). With PGlite the server must be stopped
 * first (the data directory is locked); with PostgreSQL it may run.
 * The sign-in address printed is the server's (`lib/server-address.ts`: PUBLIC_URL or PORT of this
 * command, else the address the server recorded). Exit status 1 with the reason as the last line
 * for an unknown username or a locked data directory.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { username: { type: 'string' }, parish: { type: 'string' } } });
  const username = values.username?.trim();
  const parishId = values.parish === undefined ? HOME_PARISH_ID : Number(values.parish);
  if (!username || !Number.isSafeInteger(parishId) || parishId < 1) {
    throw new Error('Usage: npm run admin:reset -- --username NAME [--parish ID]');
  }
  const config = loadConfig();
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    // In the parish named (the home parish by default), under its policies (decision 0128).
    scope: { fallbackParish: parishId },
  });
  try {
    const [user] = await queryRows<{ id: string; username: string }>(
      database.db,
      sql`select id, username from staff_users where lower(username) = ${username.toLowerCase()}`,
    );
    if (!user) throw new Error(`No staff account with the username ${username}`);
    const { oneTimePassword } = await setStaffOneTimePassword(
      database.db,
      { actorType: 'system', actorId: null, actorName: 'server console', requestId: null, ip: null },
      { userId: user.id, by: 'server console', now: new Date() },
    );
    process.stdout.write(
      `\n  One-time password for ${user.username}: ${oneTimePassword}\n` +
        `  Sign in at ${addressToPrint(config)}/admin/login with it; you will be asked for a new password.\n` +
        '  Two-step sign-in is off for this account; set it up again under My account.\n' +
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
