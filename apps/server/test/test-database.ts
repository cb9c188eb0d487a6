import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';

import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../src/db/client.ts';

/** A migrated, empty database for one test app, and the way to throw it away. */
export interface TestDatabase {
  database: Database;
  /** Which engine: in-process PGlite, or a database of its own on the PostgreSQL server. */
  engine: 'pglite' | 'postgres';
  /** Closes the connections and deletes the database. Safe to call twice. */
  drop(): Promise<void>;
}

/** The PostgreSQL server URL of PostgreSQL runs, or undefined on PGlite runs. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

let templateBytes: Uint8Array | undefined;

function pgliteTemplate(): Uint8Array {
  if (!templateBytes) {
    const file = inject('pgliteTemplate');
    if (!file) throw new Error('The PGlite template is missing: run the tests through vitest (global setup).');
    templateBytes = readFileSync(file);
  }
  return templateBytes;
}

/**
 * Opens a fresh, migrated database.
 * - PGlite (default): a new in-memory instance loaded from the template the global setup made,
 *   about half a second instead of several for initdb.
 * - PostgreSQL (`TEST_DATABASE_URL` set): `CREATE DATABASE parish_test_<random>` on that server,
 *   migrated by `openDatabase`; `drop()` terminates its connections and drops it.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const pglite = await PGlite.create({
      loadDataDir: new Blob([pgliteTemplate()]),
      extensions: PGLITE_EXTENSIONS,
    });
    // As the server works (the role parish_app under the parish policies); a test's own direct
    // statements outside any parish are about the home parish (decision 0128).
    const database = await openDatabase({ pglite, migrate: false, scope: { fallbackParish: 1 } });
    return { database, engine: 'pglite', drop: () => database.close() };
  }
  const name = `parish_test_${randomBytes(8).toString('hex')}`;
  await withServerClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), scope: { fallbackParish: 1 } });
  let dropped = false;
  return {
    database,
    engine: 'postgres',
    async drop() {
      if (dropped) return;
      dropped = true;
      await database.close().catch(() => undefined);
      await withServerClient(async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      });
    },
  };
}

async function withServerClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An empty in-memory PGlite opened as the server opens it (`openDatabase`), without migrations,
 * made with `setupSql`: for tests of PGlite itself on tables of their own, which run on PGlite
 * whatever `TEST_DATABASE_URL` says.
 * @returns the PGlite instance and the Database around it (`close()` closes both)
 */
export async function scratchPglite(setupSql: string): Promise<{ pglite: PGlite; database: Database }> {
  const pglite = await PGlite.create('memory://');
  const database = await openDatabase({ pglite, migrate: false });
  await pglite.exec(setupSql);
  return { pglite, database };
}
