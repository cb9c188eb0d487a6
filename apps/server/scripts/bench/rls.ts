/**
 * The cost of parish row-level security on both engines (issue 28 item 2, decision 0121):
 * `node --import tsx apps/server/scripts/bench/rls.ts [--engine=pglite|postgres]`.
 *
 * One scratch database per engine: an in-memory PGlite, and a database of its own on the PostgreSQL
 * server `BENCH_DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`), dropped at
 * the end. Two copies of a 50,000-row table (10 parishes of 5,000): `m_plain` without a policy and
 * `m_rls` under `parishPolicySql`. Raw driver calls (no drizzle), as `parish_app`, parish 1 set:
 * (a) 2,000 primary-key selects and 200 list pages (50 rows by name, with the total) on each table,
 *     scoped by `parish_id = $n` in the query, and on `m_rls` also by the policy alone;
 * (b) 500 requests of three statements: plain (the parish set once for the session), each in a
 *     transaction that first calls `set_config(.., true)`, and through the scoped driver
 *     (`scopePglite` / `scopePool`), the parish the same or alternating between requests;
 * (c) 4 (and 20) concurrent requests of a statement, 50 ms of other work, a statement: per
 *     statement through the scoped driver, against one transaction held over the whole request.
 * (d) 2,000 primary-key selects through the unscoped and the scoped driver, the parish the same or
 *     alternating at every statement (`--only=d` runs only this).
 * Prints milliseconds, the median of 3 runs after a warm-up.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { parishAppRoleSql, parishPolicySql, runInParish, scopePglite, scopePool } from '../../src/db/parish-scope.ts';

/** One way of running a statement, as the engine's driver answers it. */
type Run = (text: string, params?: unknown[]) => Promise<unknown>;

const ROWS = 50_000;
const PARISHES = 10;
const ROUNDS = 7;
/** `--only=d`: only (d), the scoped driver's cost per statement. */
const ONLY_D = process.argv.includes('--only=d');

const SETUP = [
  `CREATE OR REPLACE FUNCTION request_parish_id() RETURNS integer LANGUAGE sql STABLE
     AS $$ SELECT nullif(current_setting('app.parish_id', true), '')::integer $$`,
  ...['m_plain', 'm_rls'].flatMap((table) => [
    `CREATE TABLE ${table} (id serial PRIMARY KEY, parish_id integer NOT NULL, name text NOT NULL,
       amount_paise bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    `INSERT INTO ${table} (parish_id, name, amount_paise)
       SELECT 1 + (g - 1) % ${PARISHES}, md5(g::text), g * 100 FROM generate_series(1, ${ROWS}) g`,
    `CREATE INDEX ${table}_parish_name ON ${table} (parish_id, name)`,
    `ANALYZE ${table}`,
  ]),
  ...parishAppRoleSql(['m_plain', 'm_rls']),
  ...parishPolicySql('m_rls'),
];

/** Ids of parish 1's rows (ids 1, 11, 21, ...), in a fixed shuffled order. */
const ids = Array.from({ length: 2000 }, (_, i) => 1 + ((i * 7919) % (ROWS / PARISHES)) * PARISHES);
const offsets = Array.from({ length: 200 }, (_, i) => ((i * 37) % 99) * 50);

/**
 * Times each variant ROUNDS times after one warm-up each, the variants interleaved (their order
 * rotating every round) so that the load of a shared machine falls on all alike; the median of each.
 */
async function medians(variants: [string, () => Promise<void>][]): Promise<Map<string, number>> {
  for (const [, work] of variants) await work();
  const times = new Map<string, number[]>(variants.map(([label]) => [label, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let k = 0; k < variants.length; k += 1) {
      const [label, work] = variants[(k + round) % variants.length]!;
      const start = performance.now();
      await work();
      times.get(label)!.push(performance.now() - start);
    }
  }
  return new Map([...times].map(([label, list]) => [label, list.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!]));
}

/** Times the variants together ({@link medians}) and records each, per operation when `per` is given. */
async function measure(engine: string, variants: [string, () => Promise<void>][], per?: number) {
  for (const [label, ms] of await medians(variants)) record(engine, label, ms, per);
}

function pkSelects(run: Run, table: string, scoped: boolean) {
  const text = `SELECT * FROM ${table} WHERE id = $1${scoped ? ' AND parish_id = $2' : ''}`;
  return async () => {
    for (const id of ids) await run(text, scoped ? [id, 1] : [id]);
  };
}

function listPages(run: Run, table: string, scoped: boolean) {
  const where = scoped ? 'WHERE parish_id = $2' : '';
  const text = `SELECT id, name, amount_paise, count(*) OVER () AS total FROM ${table} ${where}
    ORDER BY name LIMIT 50 OFFSET $1`;
  return async () => {
    for (const offset of offsets) await run(text, scoped ? [offset, 1] : [offset]);
  };
}

/** One request's statements: a row, a short list page (index order), a row. */
async function request(run: Run, i: number, parishId: number) {
  const id = ids[i % ids.length]! + parishId - 1;
  await run('SELECT * FROM m_rls WHERE id = $1 AND parish_id = $2', [id, parishId]);
  await run('SELECT id, name FROM m_rls WHERE parish_id = $1 ORDER BY name LIMIT 20 OFFSET $2', [
    parishId,
    (i % 5) * 20,
  ]);
  await run('SELECT * FROM m_rls WHERE id = $1 AND parish_id = $2', [id, parishId]);
}

const results: Record<string, string | number>[] = [];
function record(engine: string, measure: string, ms: number, per?: number) {
  const row = { engine, measure, ms: Math.round(ms), ...(per ? { 'us each': Math.round((ms * 1000) / per) } : {}) };
  results.push(row);
  console.log(JSON.stringify(row));
}

/** (a) and the plain and transaction forms of (b), on one connection already working as parish_app. */
async function onOneConnection(
  engine: string,
  run: Run,
  transaction: (work: (tx: Run) => Promise<void>) => Promise<void>,
) {
  await run(`SELECT set_config('app.parish_id', '1', false)`);
  const tables = [
    ['no policy, scoped query', 'm_plain', true],
    ['policy, scoped query', 'm_rls', true],
    ['policy alone (no WHERE parish_id)', 'm_rls', false],
  ] as const;
  await measure(
    engine,
    tables.map(([label, table, scoped]) => [`(a) 2,000 pk selects, ${label}`, pkSelects(run, table, scoped)]),
    2000,
  );
  await measure(
    engine,
    tables.map(([label, table, scoped]) => [`(a) 200 list pages, ${label}`, listPages(run, table, scoped)]),
    200,
  );
  await measure(
    engine,
    [
      [
        '(b) 500 requests x 3 statements, plain',
        async () => {
          for (let i = 0; i < 500; i += 1) await request(run, i, 1);
        },
      ],
      [
        '(b) 500 requests, each a transaction with set_config(local)',
        async () => {
          for (let i = 0; i < 500; i += 1) {
            await transaction(async (tx) => {
              await tx(`SELECT set_config('app.parish_id', $1, true)`, [String(1 + (i % 2))]);
              await request(tx, i, 1 + (i % 2));
            });
          }
        },
      ],
    ],
    500,
  );
}

/** (b) through the scoped driver and (c). */
async function throughScopedDriver(
  engine: string,
  run: Run,
  transaction: (work: (tx: Run) => Promise<void>) => Promise<void>,
  concurrency: number[],
  unscoped: [string, Run],
) {
  const [unscopedLabel, runUnscoped] = unscoped;
  // A row of the parish set (parish p's ids are parish 1's plus p - 1).
  const pk = (runner: Run, i: number, parishId = 1) =>
    runner('SELECT * FROM m_rls WHERE id = $1', [ids[i % ids.length]! + parishId - 1]);
  await measure(
    engine,
    [
      [
        `(d) 2,000 pk selects, ${unscopedLabel}`,
        async () => {
          for (let i = 0; i < 2000; i += 1) await pk(runUnscoped, i);
        },
      ],
      [
        '(d) 2,000 pk selects, scoped driver, same parish',
        () =>
          runInParish(1, async () => {
            for (let i = 0; i < 2000; i += 1) await pk(run, i);
          }),
      ],
      [
        '(d) 2,000 pk selects, scoped driver, parish alternating each statement',
        async () => {
          // 2, 1, 2, ..., 1: ends on parish 1, which the unscoped variant reads.
          for (let i = 0; i < 2000; i += 1) await runInParish(2 - (i % 2), () => pk(run, i, 2 - (i % 2)));
        },
      ],
    ],
    2000,
  );
  if (ONLY_D) return;
  const parishes = [
    ['same parish each request', (_: number) => 1],
    ['parish alternating 2, 1', (i: number) => 2 - (i % 2)],
  ] as const;
  await measure(
    engine,
    [
      [
        `(b) 500 requests, ${unscopedLabel}`,
        async () => {
          for (let i = 0; i < 500; i += 1) await request(runUnscoped, i, 1);
        },
      ],
      ...parishes.map(([label, parish]): [string, () => Promise<void>] => [
        `(b) 500 requests, scoped driver, ${label}`,
        async () => {
          for (let i = 0; i < 500; i += 1) await runInParish(parish(i), () => request(run, i, parish(i)));
        },
      ]),
    ],
    500,
  );
  for (const n of concurrency) {
    const perStatement = () =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          runInParish(1 + (i % 2), async () => {
            await run('SELECT * FROM m_rls WHERE id = $1', [ids[i]! + (i % 2)]);
            await sleep(50);
            await run('SELECT * FROM m_rls WHERE id = $1', [ids[i]! + (i % 2)]);
          }),
        ),
      );
    const perRequest = () =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          transaction(async (tx) => {
            await tx(`SELECT set_config('app.parish_id', $1, true)`, [String(1 + (i % 2))]);
            await tx('SELECT * FROM m_rls WHERE id = $1', [ids[i]! + (i % 2)]);
            await sleep(50);
            await tx('SELECT * FROM m_rls WHERE id = $1', [ids[i]! + (i % 2)]);
          }),
        ),
      );
    await measure(engine, [
      [`(c) ${n} concurrent 50 ms requests, per statement`, async () => void (await perStatement())],
      [`(c) ${n} concurrent 50 ms requests, one transaction each`, async () => void (await perRequest())],
    ]);
  }
}

async function benchPglite() {
  const pglite = await PGlite.create('memory://');
  for (const statement of SETUP) await pglite.exec(statement);
  await pglite.exec('SET ROLE parish_app');
  const run: Run = (text, params) => pglite.query(text, params);
  const transaction = (work: (tx: Run) => Promise<void>) =>
    pglite.transaction(async (tx) => work((text, params) => tx.query(text, params)));
  if (!ONLY_D) await onOneConnection('pglite', run, transaction);
  else await run(`SELECT set_config('app.parish_id', '1', false)`);
  const query = pglite.query.bind(pglite);
  await scopePglite(pglite, { role: false });
  // The unscoped variants read parish 1: the scoped driver leaves the session on it after each variant.
  await runInParish(1, () => run('SELECT 1'));
  await throughScopedDriver(
    'pglite',
    run,
    transaction,
    [4],
    ['unscoped driver (parish 1 set once)', (text, params) => query(text, params)],
  );
  await pglite.close();
}

async function benchPostgres(serverUrl: string) {
  const name = `parish_rls_bench_${randomBytes(4).toString('hex')}`;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', (error) => console.error('connection lost:', error.message));
    await client.connect();
    for (const statement of SETUP) await client.query(statement);
    await client.query('SET ROLE parish_app');
    const runClient: Run = (text, params) => client.query(text, params);
    if (ONLY_D) await runClient(`SELECT set_config('app.parish_id', '1', false)`);
    else
      await onOneConnection('postgres', runClient, async (work) => {
        await client.query('BEGIN');
        await work(runClient);
        await client.query('COMMIT');
      });
    await client.end();
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
    // An idle client that loses its connection (the server restarted it) must not end the run.
    pool.on('error', () => undefined);
    scopePool(pool);
    const run: Run = (text, params) => pool.query(text, params);
    const transaction = async (work: (tx: Run) => Promise<void>) => {
      const tx = await pool.connect();
      try {
        await tx.query('BEGIN');
        await work((text, params) => tx.query(text, params));
        await tx.query('COMMIT');
      } finally {
        tx.release();
      }
    };
    // The same pool without the scoping: each connection made parish_app of parish 1 once.
    const fixed = new pg.Pool({ connectionString: url.toString(), max: 10 });
    fixed.on('error', () => undefined);
    fixed.on('connect', (connection) => {
      connection.query(`SET ROLE parish_app; SELECT set_config('app.parish_id', '1', false)`).catch(() => undefined);
    });
    await throughScopedDriver(
      'postgres',
      run,
      transaction,
      [4, 20],
      ['unscoped pool (parish 1 set once a connection)', (text, params) => fixed.query(text, params)],
    );
    await fixed.end();
    await pool.end();
  } finally {
    await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await server.end();
  }
}

const engine = process.argv.find((arg) => arg.startsWith('--engine='))?.slice('--engine='.length);
if (engine !== 'postgres') await benchPglite();
if (engine !== 'pglite') {
  await benchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
}
console.table(results);
