import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AppDeps } from '../src/context.ts';
import { type Database } from '../src/db/client.ts';
import { analyzeStaleTables, staleTables, vacuumTables } from '../src/db/table-statistics.ts';
import { maintainPglite, vacuumDueDay } from '../src/workers/pglite-maintenance.ts';
import { TestClock } from './helpers.ts';
import { scratchPglite } from './test-database.ts';

/*
 * What autovacuum would do, on PGlite, which has none (`src/db/table-statistics.ts`,
 * `src/workers/pglite-maintenance.ts`, decision 0062): statistics taken for a table that has none
 * or has grown, and the nightly vacuum in the hour from 03:00 parish time. On a database of its
 * own, with tables of its own, so nothing else analyzes them in between.
 */

let database: Database;
let pglite: PGlite;

beforeAll(async () => {
  ({ pglite, database } = await scratchPglite(`
    create table ledger (id integer primary key, member text not null, amount_paise bigint not null);
    create table empty_one (id integer primary key);
  `));
});
afterAll(async () => {
  await database.close();
});

/** Adds ledger rows `from`..`to` (about 60 rows a page). */
async function addRows(from: number, to: number): Promise<void> {
  await pglite.query(
    `insert into ledger select i, 'member ' || (i % 500), i * 100 from generate_series($1::int, $2::int) i`,
    [from, to],
  );
}

/** The statistics of a table as the catalogue keeps them. */
async function catalogueOf(table: string): Promise<{ relpages: number; reltuples: number; relallvisible: number }> {
  const result = await pglite.query<{ relpages: number; reltuples: number; relallvisible: number }>(
    `select relpages, reltuples::float8 as reltuples, relallvisible from pg_class where relname = $1`,
    [table],
  );
  return result.rows[0]!;
}

/** Log lines a test's maintenance wrote. */
function recordingDeps(clock: TestClock, lines: { fields: unknown; message: string }[]): AppDeps {
  const record = (fields: unknown, message: string) => lines.push({ fields, message });
  return {
    database,
    db: database.db,
    clock,
    config: { parishTimezone: 'Asia/Kolkata' },
    log: { info: record, error: record },
  } as unknown as AppDeps;
}

describe('table statistics on PGlite', () => {
  it('a table with rows and no statistics is stale; an empty one is not', async () => {
    await addRows(1, 2000);
    expect((await catalogueOf('ledger')).reltuples).toBe(-1);
    const stale = await staleTables(database.db);
    expect(stale.map((table) => table.table)).toEqual(['ledger']);
    expect(stale[0]).toMatchObject({ analyzedRows: -1, analyzedPages: 0 });
    expect(stale[0]!.pages).toBeGreaterThan(0);
  });

  it('analyzing takes them, and the table is fresh until it grows by a fifth and 16 pages', async () => {
    expect((await analyzeStaleTables(database.db)).map((done) => done.table)).toEqual(['ledger']);
    const analyzed = await catalogueOf('ledger');
    expect(analyzed.reltuples).toBe(2000);
    expect(await staleTables(database.db)).toEqual([]);
    expect(await analyzeStaleTables(database.db)).toEqual([]);

    // A few rows more: still within the bound.
    await addRows(2001, 2200);
    expect(await staleTables(database.db)).toEqual([]);
    // Grown well past it (an import, say): stale, and analyzed again.
    await addRows(2201, 5000);
    expect((await staleTables(database.db)).map((table) => table.table)).toEqual(['ledger']);
    await analyzeStaleTables(database.db);
    expect((await catalogueOf('ledger')).reltuples).toBe(5000);
    expect(await staleTables(database.db)).toEqual([]);
  });

  it('the vacuum reclaims deleted rows and marks the pages all-visible, table by table', async () => {
    await pglite.exec('delete from ledger where id % 2 = 0');
    const vacuumed = await vacuumTables(database.db);
    expect(vacuumed.map((done) => done.table)).toEqual(['empty_one', 'ledger']);
    const after = await catalogueOf('ledger');
    expect(after.reltuples).toBe(2500);
    expect(after.relallvisible).toBe(after.relpages);
  });
});

describe('the nightly vacuum', () => {
  it('is due once a parish day, in the hour from 03:00 parish time', () => {
    const zone = 'Asia/Kolkata';
    // 03:10 IST on 24 November is 21:40 UTC on the 23rd.
    expect(vacuumDueDay(new Date('2026-11-23T21:40:00Z'), zone, null)).toBe('2026-11-24');
    expect(vacuumDueDay(new Date('2026-11-23T22:25:00Z'), zone, '2026-11-23')).toBe('2026-11-24');
    expect(vacuumDueDay(new Date('2026-11-23T22:25:00Z'), zone, '2026-11-24')).toBeNull();
    // 02:59 and 04:00 IST.
    expect(vacuumDueDay(new Date('2026-11-23T21:29:00Z'), zone, null)).toBeNull();
    expect(vacuumDueDay(new Date('2026-11-23T22:30:00Z'), zone, null)).toBeNull();
    // 03:00 UTC is 08:30 IST: not in Kolkata, but in London.
    expect(vacuumDueDay(new Date('2026-11-24T03:00:00Z'), zone, null)).toBeNull();
    expect(vacuumDueDay(new Date('2026-11-24T03:00:00Z'), 'Europe/London', null)).toBe('2026-11-24');
  });

  it('runs in its hour and analyzes stale tables at other times', async () => {
    const lines: { fields: unknown; message: string }[] = [];
    const clock = new TestClock(new Date('2026-11-24T06:00:00Z'));
    const deps = recordingDeps(clock, lines);
    await addRows(5001, 12000);
    // 11:30 IST: no vacuum; the grown table's statistics taken again.
    expect(await maintainPglite(deps, null)).toBeNull();
    expect(lines.map((line) => line.message)).toEqual(['table statistics taken again']);
    expect((await catalogueOf('ledger')).reltuples).toBe(9500);
    // 03:05 IST the next night: the vacuum, once.
    clock.set(new Date('2026-11-24T21:35:00Z'));
    expect(await maintainPglite(deps, null)).toBe('2026-11-25');
    expect(await maintainPglite(deps, '2026-11-25')).toBe('2026-11-25');
    expect(lines.map((line) => line.message)).toEqual([
      'table statistics taken again',
      'nightly vacuum of the embedded database',
    ]);
  });
});
