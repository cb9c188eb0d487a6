import { rmSync } from 'node:fs';

import pg from 'pg';

/**
 * Deletes a whole parish database so that it can start over (`npm run demo -- --reset`,
 * `npm run restore -- --force`): with `databaseUrl`, drops the `public` and `drizzle` schemas of
 * that PostgreSQL database (tables, data, the migrations journal, the pg_trgm extension) and
 * recreates an empty `public`; otherwise removes the embedded database's directory `pgliteDir`.
 * The caller holds the data directory's lock (PGlite) and has asked for confirmation: nothing
 * here can be undone.
 */
export async function wipeDatabase(target: { databaseUrl: string | undefined; pgliteDir: string }): Promise<void> {
  if (!target.databaseUrl) {
    rmSync(target.pgliteDir, { recursive: true, force: true });
    return;
  }
  const client = new pg.Client({ connectionString: target.databaseUrl, application_name: 'parish-dues-wipe' });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}
