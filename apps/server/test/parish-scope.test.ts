import { randomBytes } from 'node:crypto';

import { asc, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../src/db/client.ts';
import {
  currentParishId,
  enterParish,
  parishAppRoleSql,
  parishPolicySql,
  runAsOwner,
  runInParish,
  scopePglite,
  scopePool,
  withParish,
} from '../src/db/parish-scope.ts';
import { scratchPglite, TEST_DATABASE_URL } from './test-database.ts';

/**
 * Row-level security by parish (`src/db/parish-scope.ts`, decision 0121) on scratch tables, on the
 * engine `TEST_DATABASE_URL` picks: an in-memory PGlite by default, else a database of its own on
 * that PostgreSQL server (dropped at the end). The owner (superuser) makes the tables, the policies
 * and the role; the app's handle then works as `parish_app` through the scoped driver.
 */

const SETUP = [
  `CREATE OR REPLACE FUNCTION request_parish_id() RETURNS integer LANGUAGE sql STABLE
     AS $$ SELECT nullif(current_setting('app.parish_id', true), '')::integer $$`,
  `CREATE TABLE things (id serial PRIMARY KEY, parish_id integer NOT NULL, name text NOT NULL)`,
  `CREATE TABLE thing_counts (parish_id integer PRIMARY KEY, n integer NOT NULL)`,
  // A summary trigger as migration 0004's: statement level, transition table, upsert; not SECURITY DEFINER.
  `CREATE FUNCTION things_count() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN
     INSERT INTO thing_counts AS c (parish_id, n) SELECT parish_id, count(*) FROM new_rows GROUP BY parish_id
       ON CONFLICT (parish_id) DO UPDATE SET n = c.n + excluded.n;
     RETURN NULL; END $fn$`,
  `CREATE TRIGGER things_count AFTER INSERT ON things REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION things_count()`,
  `INSERT INTO things (parish_id, name) VALUES (1, 'one-a'), (1, 'one-b'), (2, 'two-a'), (3, 'three-a')`,
  ...parishAppRoleSql(['things', 'thing_counts']),
  ...parishPolicySql('things'),
  ...parishPolicySql('thing_counts'),
];

/** The scratch table for drizzle's query builder (prepared statements). */
const things = pgTable('things', { id: serial().primaryKey(), parishId: integer().notNull(), name: text().notNull() });

let db: Db;
let close: () => Promise<void>;

async function openScoped(): Promise<{ db: Db; close: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    // Opened as the server opens PGlite (`openDatabase`, named statements included), then scoped.
    const { pglite, database } = await scratchPglite(SETUP.join(';\n'));
    await scopePglite(pglite);
    return { db: database.db, close: () => database.close() };
  }
  const name = `parish_rls_${randomBytes(6).toString('hex')}`;
  const server = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const owner = new pg.Client({ connectionString: url.toString() });
  await owner.connect();
  for (const statement of SETUP) await owner.query(statement);
  await owner.end();
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
  // As client.ts: a connection the DROP below ends while the pool closes must not fail the run.
  pool.on('error', () => undefined);
  scopePool(pool);
  return {
    db: drizzleNodePg({ client: pool, casing: 'snake_case' }) as unknown as Db,
    close: async () => {
      await pool.end();
      await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await server.end();
    },
  };
}

const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const names = async () =>
  (await rows<{ name: string }>(sql`SELECT name FROM things ORDER BY name`)).map((row) => row.name);
/** The PostgreSQL error a promise rejects with (drizzle wraps it as the cause of its "Failed query"). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'no error';
}
const refusal = /new row violates row-level security policy for table "things"/;

beforeAll(async () => {
  ({ db, close } = await openScoped());
});
afterAll(async () => {
  await close();
});

describe('parish row-level security', () => {
  it('works as parish_app, not the superuser that made the tables', async () => {
    const [who] = await rows<{ user: string; su: string }>(
      sql`SELECT current_user AS user, current_setting('is_superuser') AS su`,
    );
    expect(who).toEqual({ user: 'parish_app', su: 'off' });
  });

  it('reads a parish table as empty and refuses writes when no parish is set', async () => {
    expect(currentParishId()).toBeNull();
    expect(await names()).toEqual([]);
    expect(await failure(db.execute(sql`INSERT INTO things (parish_id, name) VALUES (1, 'x')`))).toMatch(refusal);
    await runInParish(null, async () => expect(await names()).toEqual([]));
  });

  it('sees every parish as the owner, and is the app again after', async () => {
    await runInParish(2, async () => {
      const all = await runAsOwner(async () => {
        const [who] = await rows<{ user: string }>(sql`SELECT current_user AS user`);
        return { who: who?.user, names: await names() };
      });
      expect(all.who).not.toBe('parish_app');
      expect(all.names).toEqual(['one-a', 'one-b', 'three-a', 'two-a']);
      expect(await names()).toEqual(['two-a']);
    });
    const [who] = await rows<{ user: string }>(sql`SELECT current_user AS user`);
    expect(who?.user).toBe('parish_app');
  });

  it('shows a deliberately unscoped query only the rows of the parish set', async () => {
    await runInParish(1, async () => expect(await names()).toEqual(['one-a', 'one-b']));
    await runInParish(2, async () => expect(await names()).toEqual(['two-a']));
  });

  it('refuses a query handed back unstarted, which would run outside the scope', async () => {
    // A drizzle query starts when awaited: returned from the callback it would be awaited after the
    // scope ended, and read parish 1's rows as no parish (or the caller's).
    const unstarted = () => db.select({ name: things.name }).from(things);
    expect(() => runInParish(1, unstarted)).toThrow(
      /runInParish: the work returned a database query that has not started/,
    );
    expect(() => runAsOwner(() => db.execute(sql`SELECT 1`))).toThrow(/runAsOwner: the work returned a database query/);
    // Awaited inside, it runs in the scope; a plain value or a promise passes through.
    expect(await runInParish(1, async () => (await unstarted()).length)).toBe(2);
    expect(runInParish(2, () => 7)).toBe(7);
    await expect(runAsOwner(() => Promise.resolve('done'))).resolves.toBe('done');
  });

  it('scopes a prepared (named) statement to the parish of each call', async () => {
    const all = db.select({ name: things.name }).from(things).orderBy(asc(things.name)).prepare('parish_scope_things');
    const namesOf = async (parishId: number | null) =>
      runInParish(parishId, async () => (await all.execute()).map((row) => row.name));
    expect(await namesOf(1)).toEqual(['one-a', 'one-b']);
    expect(await namesOf(2)).toEqual(['two-a']);
    expect(await namesOf(null)).toEqual([]);
  });

  it("refuses writing another parish's row, and touches no row of another parish", async () => {
    await runInParish(1, async () => {
      expect(await failure(db.execute(sql`INSERT INTO things (parish_id, name) VALUES (2, 'x')`))).toMatch(refusal);
      expect(await failure(db.execute(sql`UPDATE things SET parish_id = 2 WHERE name = 'one-a'`))).toMatch(refusal);
      const updated = await rows(sql`UPDATE things SET name = name || '!' WHERE name = 'two-a' RETURNING id`);
      expect(updated).toEqual([]);
      const deleted = await rows(sql`DELETE FROM things WHERE parish_id = 3 RETURNING id`);
      expect(deleted).toEqual([]);
    });
    await runInParish(2, async () => expect(await names()).toEqual(['two-a']));
  });

  it("lets a summary trigger write its parish's summary row under the role, and shows no other", async () => {
    await runInParish(3, async () => {
      await db.execute(sql`INSERT INTO things (parish_id, name) VALUES (3, 'three-b'), (3, 'three-c')`);
      expect(await rows(sql`SELECT parish_id, n FROM thing_counts`)).toEqual([{ parish_id: 3, n: 3 }]);
      await db.execute(sql`DELETE FROM things WHERE name IN ('three-b', 'three-c')`);
    });
  });

  it('keeps each parish to its rows when requests of two parishes interleave', async () => {
    const request = (parishId: number, expected: string[]) =>
      runInParish(parishId, async () => {
        const seen: string[][] = [];
        for (let i = 0; i < 10; i += 1) {
          seen.push(await names());
          await db.transaction(async (tx) => {
            await new Promise((resolve) => setTimeout(resolve, 1));
            await tx.execute(sql`SELECT 1`);
          });
        }
        return seen.every((list) => JSON.stringify(list) === JSON.stringify(expected));
      });
    const results = await Promise.all([
      request(1, ['one-a', 'one-b']),
      request(2, ['two-a']),
      request(1, ['one-a', 'one-b']),
      runInParish(null, async () => (await names()).length === 0),
    ]);
    expect(results).toEqual([true, true, true, true]);
  });

  it('scopes each request of a Fastify app to the parish its hook enters', async () => {
    const app = Fastify();
    app.addHook('onRequest', async (request) => {
      const header = request.headers['x-parish'];
      enterParish(typeof header === 'string' ? Number(header) : null);
    });
    app.get('/things', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { parish: currentParishId(), names: await names() };
    });
    try {
      const answers = await Promise.all(
        ['1', '2', undefined, '1', '3'].map((parish) =>
          app.inject({ url: '/things', headers: parish ? { 'x-parish': parish } : {} }),
        ),
      );
      expect(answers.map((answer) => answer.json() as unknown)).toEqual([
        { parish: 1, names: ['one-a', 'one-b'] },
        { parish: 2, names: ['two-a'] },
        { parish: null, names: [] },
        { parish: 1, names: ['one-a', 'one-b'] },
        { parish: 3, names: ['three-a'] },
      ]);
    } finally {
      await app.close();
    }
  });

  it('withParish scopes one transaction, savepoints included, and nothing after it', async () => {
    const inside = await withParish(db, 1, async (tx) => {
      const nested = await tx.transaction(
        async (inner) =>
          (await inner.execute(sql`SELECT count(*)::int AS n FROM things`)) as unknown as { rows: { n: number }[] },
      );
      const savepoint = tx.transaction(async (inner) => {
        await inner.execute(sql`INSERT INTO things (parish_id, name) VALUES (2, 'x')`);
      });
      expect(await failure(savepoint)).toMatch(refusal);
      return nested.rows[0]?.n;
    });
    expect(inside).toBe(2);
    expect(await names()).toEqual([]);
    await expect(withParish(db, 0, async () => 1)).rejects.toThrow('Not a parish id');
  });
});
