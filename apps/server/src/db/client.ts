import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { tightenTree } from '../lib/data-dir-permissions.ts';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import { scopePglite, scopePool, type ScopeOptions } from './parish-scope.ts';
import { preparePgliteStatements } from './pglite-prepared.ts';
import type { Db } from './query.ts';
import { refuseNewerDatabase } from './release-check.ts';
import * as schema from './schema/index.ts';

/** The query handle types and `queryRows` (`query.ts`), here with the rest of the database's entry point. */
export { queryRows, type Db, type DbOrTx, type Tx } from './query.ts';

/** The scope of a handle opened without one: the connecting user, the parish of the work in progress. */
const OWNER_SCOPE: ScopeOptions = { role: false, fallbackParish: null };

/** An open database with the way to close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance when embedded (for dumps in tests), else undefined. */
  pglite: PGlite | undefined;
  /** The node-postgres pool when on a server, else undefined. */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
}

/** Where drizzle-kit writes the committed migrations (`paths.ts`). */
export { MIGRATIONS_FOLDER };

/** PGlite extensions the schema needs (trigram search). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is set, else an embedded PGlite
 * whose files live in `pgliteDir` (or in memory when `pgliteDir` is `memory://`), or the given
 * ready PGlite instance. Migrations are applied (forward only, each in a transaction). The files
 * of `pgliteDir` are made the owner's only (`lib/data-dir-permissions.ts`).
 *
 * With `scope`, the handle then works as the role `parish_app` under the parish policies (issue 28
 * item 2, decision 0128): each statement in the parish of `runInParish`, as the owner under
 * `runAsOwner`, else in `scope.fallbackParish` (`db/parish-scope.ts`). Without it (scripts that are
 * about the whole database: backups, restores, moves) the handle stays the connecting user, whom
 * the policies do not hold, but still gives each statement `app.parish_id` of the work in progress,
 * so that a row written in `runInParish` takes that parish.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir?: string;
  pglite?: PGlite;
  migrate?: boolean;
  scope?: ScopeOptions;
}): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      application_name: 'parish-dues',
      connectionTimeoutMillis: 10_000,
      statement_timeout: 30_000,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    await refuseNewerDatabase(db, MIGRATIONS_FOLDER).catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    if (shouldMigrate) {
      await migrateNodePg(drizzleNodePg({ client: pool, casing: 'snake_case' }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    }
    scopePool(pool, options.scope ?? OWNER_SCOPE);
    return { db, kind: 'postgres', pglite: undefined, pool, close: () => pool.end() };
  }
  const client =
    options.pglite ?? (await PGlite.create(options.pgliteDir ?? 'memory://', { extensions: PGLITE_EXTENSIONS }));
  // A new folder's files come out of PGlite's initdb (or a restore) as 0666: the owner's only (issue 27 item 19).
  if (!options.pglite && options.pgliteDir && !options.pgliteDir.includes('://')) tightenTree(options.pgliteDir);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  // `.prepare(name)` parses and plans once on PGlite too, as on PostgreSQL (issue 18).
  preparePgliteStatements(db, client);
  await refuseNewerDatabase(db, MIGRATIONS_FOLDER).catch(async (error: unknown) => {
    if (!options.pglite) await client.close();
    throw error;
  });
  if (shouldMigrate) {
    await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  }
  await scopePglite(client, options.scope ?? OWNER_SCOPE);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    pool: undefined,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * The connection string of an open PostgreSQL database (its pool's), or undefined on PGlite: what
 * pg_dump and a worker's own lock connection connect with (`modules/backup`, `workers/single-instance.ts`).
 */
export function connectionStringOf(database: Database): string | undefined {
  return (database.pool as unknown as { options?: { connectionString?: string } } | undefined)?.options
    ?.connectionString;
}
