import { sql } from 'drizzle-orm';

import { runAsOwner, runInParish } from '../../src/db/parish-scope.ts';
import { HOME_PARISH_ID } from '../../src/db/schema/parishes.ts';

import { fmt, load, progress, reported, withBenchApp, type BenchCase, type BenchRow } from './harness.ts';
import { medianP95 } from './dashboard.ts';
import { BENCH_FIRST_NAMES, BENCH_LAST_NAMES } from './matrix.ts';
import type { Engine } from './goals.ts';

/** Members of the list data set (`docs/domain.md`, §12 "B1"). */
const MEMBERS = 20_000;
const REQUESTS = 400;
const FIRST = BENCH_FIRST_NAMES;
const LAST = BENCH_LAST_NAMES;
const PLACES = ['Kottayam', 'Pala', 'Kochi', 'Dubai, UAE', 'Bengaluru'];

/**
 * The two cold scenarios of issue 18: the first ten pages of 15 three-letter searches in three
 * sorts (each search counted once), and a different search for every request (two- and
 * three-letter pieces of the names and places, then numbers), none asked twice.
 */
function scenarios(): { firstPages: string[]; newSearch: string[] } {
  const words = [...FIRST, ...LAST, ...PLACES].map((w) => w.toLowerCase());
  const pageTerms = [...new Set(words.map((w) => w.slice(0, 3)))].slice(0, 15);
  const firstPages: string[] = [];
  for (const term of pageTerms)
    for (const sortBy of ['name', 'parishNumber', 'mobile'])
      for (let page = 1; page <= 10; page += 1)
        firstPages.push(`/api/members?search=${term}&sortBy=${sortBy}&sortOrder=asc&page=${page}&limit=50`);
  const terms = new Set<string>();
  for (const size of [3, 2])
    for (const word of words)
      for (let i = 0; i + size <= word.length; i += 1) {
        const term = word.slice(i, i + size);
        if (!pageTerms.includes(term)) terms.add(term);
      }
  for (let n = 100; terms.size < REQUESTS + 50; n += 7) terms.add(String(n));
  const newSearch = [...terms].map(
    (term) => `/api/members?search=${encodeURIComponent(term)}&sortBy=name&sortOrder=asc&page=1&limit=50`,
  );
  return { firstPages, newSearch };
}

/** Runs `work` in the home parish (the bench's handle has no parish outside a request). */
function inHome<T>(work: () => Promise<T>): Promise<T> {
  return runInParish(HOME_PARISH_ID, work);
}

async function listOn(engine: Engine): Promise<BenchRow[]> {
  return withBenchApp(engine, async (bench) => {
    progress('list', engine, `seeding ${MEMBERS} members ...`);
    const db = bench.database.db;
    // In the home parish, whose admin lists them (the handle has no parish outside a request);
    // ANALYZE as the owner (parish_app may not analyze a table it does not own).
    await inHome(async () => {
      await db.execute(
        sql`INSERT INTO members (name, mobile, parish_number, current_location)
            SELECT (${sql.param(FIRST)}::text[])[1 + (g * 7) % 10] || ' ' || (${sql.param(LAST)}::text[])[1 + (g * 3) % 10] || ' ' || g,
                   '918' || lpad(g::text, 9, '0'), 'LM' || lpad(g::text, 6, '0'), (${sql.param(PLACES)}::text[])[1 + g % 5]
              FROM generate_series(1, ${MEMBERS}) g`,
      );
    });
    await runAsOwner(async () => {
      await db.execute(sql`ANALYZE members`);
    });
    // New data versions, as any member write makes them: every cached answer and index is stale.
    const renew = () =>
      inHome(async () => {
        await db.execute(sql`UPDATE data_versions SET version = gen_random_uuid()`);
      });
    const token = bench.adminToken;
    const { firstPages, newSearch } = scenarios();
    // Warm: every request once (plans, buffers, V8), then each timed run with nothing cached.
    await load(bench, token, [...firstPages, ...newSearch], firstPages.length + newSearch.length, 0);
    const cold = (paths: string[]) => async () => {
      await renew();
      return load(bench, token, paths, Math.min(REQUESTS, paths.length), 0);
    };
    const floor = await medianP95(() => load(bench, token, ['/api/auth/verify'], REQUESTS));
    const rows: BenchRow[] = [];
    for (const [name, paths] of [
      ['first pages of 15 searches', firstPages],
      ['a new search every request', newSearch],
    ] as const) {
      const result = await medianP95(cold([...paths]));
      const floorText = `auth/verify p95 ${fmt(floor.p95)} ms`;
      rows.push(
        {
          engine,
          measure: `GET /api/members, ${name}, p95`,
          value: result.p95,
          unit: 'ms',
          floor: floorText,
          goal: null,
          note: `p50 ${fmt(result.p50)}; runs ${result.each.map(fmt).join('/')}`,
        },
        {
          engine,
          measure: `GET /api/members, ${name}, p95 over the floor's`,
          value: result.p95 / floor.p95,
          unit: 'x',
          floor: floorText,
          goal: 'listVsFloor',
        },
      );
    }
    // What a member change costs the next list request: the register's search index is read
    // again (decision 0059), for its first sort in one statement and for each other sort in one more.
    const once = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${bench.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return performance.now() - started;
    };
    const first: number[] = [];
    const second: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      await renew();
      first.push(await once(`/api/members?search=run${run}&sortBy=name&sortOrder=asc&page=1&limit=50`));
      second.push(await once(`/api/members?search=run${run}&sortBy=mobile&sortOrder=desc&page=1&limit=50`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const [what, values] of [
      ['the first list request after a member change (reads the search index), one client', first],
      ['then the first request in another sort (reads that sort), one client', second],
    ] as const) {
      rows.push({
        engine,
        measure: `GET /api/members, ${what}, median of 5`,
        value: median(values),
        unit: 'ms',
        floor: '-',
        goal: null,
      });
    }
    return rows;
  });
}

/**
 * `--only=list`: the member list at 20,000 members with nothing cached (every run after new data
 * versions), c = 10, beside `/api/auth/verify` (`docs/domain.md`, §12 "B1"; issue 18). Each p95 is
 * held to four times the floor's p95 of the same run (`listVsFloor`, issue 31), the server working
 * as the app does (the role `parish_app` under the parish policies, `harness.ts`).
 */
export const memberListCase: BenchCase = {
  name: 'list',
  summary: 'member list with nothing cached: first pages of 15 searches, a new search every request',
  run: async () => [...reported('list', await listOn('pglite')), ...reported('list', await listOn('postgres'))],
};
