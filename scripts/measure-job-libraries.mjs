// Measures pg-boss and graphile-worker on PGlite and PostgreSQL beside the statements of our own job
// runner (apps/server/src/modules/reminders/job-runner.ts); the results are in
// docs/decisions/0090-background-jobs-keep-our-runner.md. Not part of the app, nor of npm test.
//
// Run it in a scratch folder outside the repository, never inside it:
//   mkdir jobs-measure && cd jobs-measure && echo '{"private":true,"type":"module"}' > package.json
//   npm install --legacy-peer-deps pg-boss@12.38.0 @opentelemetry/api@1.10.0 graphile-worker@0.18.0 \
//     @electric-sql/pglite@0.5.16 @electric-sql/pglite-socket@0.2.17 pg@8.23.1 drizzle-orm@0.45.4
//   cp <repo>/scripts/measure-job-libraries.mjs . && node measure-job-libraries.mjs <scenario> [jobs]
// (--legacy-peer-deps: pglite-socket 0.2.17 names PGlite 0.5.14 exactly; the repo has 0.5.16.)
// For pgboss10-pglite-own-adapter install pg-boss@10.4.2 in its own folder instead of 12.38.0.
// The *-pg scenarios create and drop a scratch database on postgres://postgres@127.0.0.1:5432.
// BOSS_BATCH=20 lets pg-boss fetch 20 jobs at once and fetch again at once while batches come full.
// Each run prints one JSON line: wall times (…Ms) and this process's CPU time (…MsCpu).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';

const JOBS = Number(process.argv[3] ?? 1000);
const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups = [];
const out = { scenario: process.argv[2], jobs: JOBS, node: process.version };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs fn; records its wall time as `label` and this process's CPU time as `label`Cpu (ms). */
async function timed(label, fn) {
  const [t0, c0] = [performance.now(), process.cpuUsage()];
  const value = await fn();
  const cpu = process.cpuUsage(c0);
  out[label] = Math.round(performance.now() - t0);
  out[`${label}Cpu`] = Math.round((cpu.user + cpu.system) / 1000);
  return value;
}

/** Resolves when predicate() holds; rejects after timeoutMs. */
async function until(predicate, timeoutMs = 240_000) {
  const t0 = Date.now();
  while (!predicate()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`not done in ${timeoutMs} ms`);
    await pause(2);
  }
}

/** A file-backed PGlite in a fresh temporary folder, as the server's DATA_DIR. */
async function freshPglite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jobs-pglite-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const db = await timed('pgliteOpenMs', () => PGlite.create(dir));
  cleanups.unshift(() => db.close());
  return db;
}

/** PGlite served on a local port by pglite-socket, its multiplexer allowing `maxConnections`. */
async function socketOver(db, maxConnections = 10) {
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections });
  await server.start();
  cleanups.unshift(() => server.stop());
  return `postgres://postgres@127.0.0.1:${server.port}/postgres`;
}

/** A scratch database on the local PostgreSQL, dropped at the end. */
async function scratchPg() {
  const name = `jobs_measure_${process.pid}`;
  const admin = async (statement) => {
    const client = new pg.Client(PG_ADMIN);
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

// Our runner: background_jobs and message_deliveries as migrated, and the statements of
// claimReminderJob and finishReminderJob for a job without deliveries, one job at a time.
const RUNNER_DDL = `
  CREATE TYPE job_status AS ENUM ('queued', 'running', 'done', 'failed');
  CREATE TABLE background_jobs (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), type text NOT NULL,
    status job_status NOT NULL DEFAULT 'queued', payload jsonb NOT NULL DEFAULT '{}'::jsonb,
    progress jsonb NOT NULL DEFAULT '{}'::jsonb, attempts integer NOT NULL DEFAULT 0,
    run_after timestamptz NOT NULL DEFAULT now(), locked_at timestamptz, locked_by text, last_error text,
    created_by text, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz);
  CREATE INDEX background_jobs_claim_idx ON background_jobs (status, run_after);
  CREATE TABLE message_deliveries (id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    job_id uuid REFERENCES background_jobs(id), status text NOT NULL DEFAULT 'queued', error_code text,
    error_message text, updated_at timestamptz NOT NULL DEFAULT now());
  CREATE INDEX message_deliveries_job_status_idx ON message_deliveries (job_id, status);`;
const CLAIM = `UPDATE background_jobs
    SET status = 'running', locked_by = $1, locked_at = now(), attempts = attempts + 1, updated_at = now()
  WHERE id = (SELECT id FROM background_jobs
               WHERE type = 'whatsapp.reminders' AND status IN ('queued', 'running') AND run_after <= now()
                 AND (locked_by IS NULL OR locked_at < now() - make_interval(secs => 60))
               ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING id, payload`;
const INTERRUPTED = `UPDATE message_deliveries SET status = 'unknown', error_code = 'INTERRUPTED',
    error_message = 'Interrupted', updated_at = now() WHERE job_id = $1 AND status = 'sending'`;
const PROGRESS = `SELECT count(*)::int AS total,
    count(*) FILTER (WHERE status NOT IN ('queued', 'sending'))::int AS done,
    count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read'))::int AS sent,
    count(*) FILTER (WHERE status = 'failed')::int AS failed,
    count(*) FILTER (WHERE status = 'unknown')::int AS unknown
  FROM message_deliveries WHERE job_id = $1`;
const FINISH = `UPDATE background_jobs SET status = 'done', finished_at = now(), updated_at = now(),
    locked_by = NULL, progress = $2::jsonb WHERE id = $1`;

/** PGlite in-process, or a node-postgres pool: query, and a transaction handing fn a client. */
const pgliteEngine = (db) => ({
  exec: (t) => db.exec(t),
  query: (t, v) => db.query(t, v),
  tx: (fn) => db.transaction(fn),
});
const poolEngine = (pool) => ({
  exec: (t) => pool.query(t),
  query: (t, v) => pool.query(t, v),
  async tx(fn) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  },
});

async function runner(engine) {
  await timed('firstStartMs', () => engine.exec(RUNNER_DDL));
  const insert = `INSERT INTO background_jobs (type, payload) VALUES ('whatsapp.reminders', $1)`;
  await timed('enqueueMs', async () => {
    for (let i = 0; i < JOBS; i++) await engine.tx((tx) => tx.query(insert, [{ kind: 'payment', i }]));
  });
  let done = 0;
  await timed('processMs', async () => {
    for (;;) {
      const job = await engine.tx(async (tx) => {
        const [claimed] = (await tx.query(CLAIM, ['bench'])).rows;
        if (claimed) await tx.query(INTERRUPTED, [claimed.id]);
        return claimed;
      });
      if (!job) break;
      const [progress] = (await engine.query(PROGRESS, [job.id])).rows;
      await engine.query(FINISH, [job.id, JSON.stringify({ jobId: job.id, status: 'done', ...progress })]);
      done += 1;
    }
  });
  Object.assign(out, { done, jobsPerSecond: Math.round((done / out.processMs) * 1000) });
}

/** pg-boss: install, restart, JOBS sends, a worker until all are done, then one job to an idle worker. */
async function pgBoss(options, afterwards) {
  const mod = await import('pg-boss');
  const PgBoss = mod.PgBoss ?? mod.default;
  const errors = new Set();
  const start = async (label) => {
    const boss = new PgBoss(options());
    boss.on('error', (error) => errors.add(String(error?.message ?? error)));
    await timed(label, () => boss.start());
    return boss;
  };
  await (await start('firstStartMs')).stop({ graceful: false, wait: true });
  const boss = await start('restartMs');
  await boss.createQueue('noop');
  await timed('enqueueMs', async () => {
    for (let i = 0; i < JOBS; i++) await boss.send('noop', { i });
  });
  out.work = process.env.BOSS_BATCH
    ? { batchSize: Number(process.env.BOSS_BATCH), burstWhenBatchFull: true, pollingIntervalSeconds: 0.5 }
    : { batchSize: 1, pollingIntervalSeconds: 0.5 };
  let done = 0;
  await timed('processMs', async () => {
    await boss.work('noop', out.work, async (jobs) => void (done += jobs.length));
    await until(() => done >= JOBS);
  });
  Object.assign(out, { done, jobsPerSecond: Math.round((done / out.processMs) * 1000) });
  await pause(1000);
  const states = await boss.getDb().executeSql(`SELECT state, count(*)::int AS n FROM pgboss.job GROUP BY state`);
  out.statesAfter = Object.fromEntries(states.rows.map((row) => [row.state, row.n]));
  let woke = 0;
  await boss.createQueue('wake', { notify: true });
  await boss.work('wake', { pollingIntervalSeconds: 2 }, async () => void (woke = performance.now()));
  await pause(2500);
  const sentAt = performance.now();
  await boss.send('wake', {});
  await until(() => woke > 0, 10_000).catch(() => undefined);
  out.idleWakeMs = woke ? Math.round(woke - sentAt) : 'not woken in 10 s';
  await afterwards?.(boss);
  await boss.stop({ graceful: false, wait: true });
  out.errors = [...errors].slice(0, 5);
}

/** A job sent in the app's Drizzle transaction (pg-boss's fromDrizzle): kept on commit, gone on rollback. */
async function sendInDrizzleTransaction(db, boss) {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { sql } = await import('drizzle-orm');
  const { fromDrizzle } = await import('pg-boss');
  const orm = drizzle({ client: db });
  await boss.createQueue('tx');
  const send = (tx, data) => boss.send('tx', data, { db: fromDrizzle(tx, sql) });
  await orm.transaction(async (tx) => send(tx, { committed: false }).then(() => tx.rollback())).catch(() => {});
  await orm.transaction(async (tx) => send(tx, { committed: true }));
  out.sendInDrizzleTransaction = (await db.query(`SELECT data FROM pgboss.job WHERE name = 'tx'`)).rows;
}

/** graphile-worker: migrate, JOBS addJob calls, a worker (concurrency 1) until done, one job to an idle worker. */
async function graphileWorker(connectionString, noPreparedStatements = false) {
  const { Logger, makeWorkerUtils, run } = await import('graphile-worker');
  const errors = new Set();
  const logger = new Logger(() => (level, message) => {
    if (level === 'error' || level === 'warning' || message.startsWith('Failed to acquire'))
      errors.add(`${level}: ${message}`);
  });
  let [done, woke] = [0, 0];
  const taskList = { noop: async () => void (done += 1), wake: async () => void (woke = performance.now()) };
  const utils = await timed('firstStartMs', async () => {
    const workerUtils = await makeWorkerUtils({ connectionString, logger, noPreparedStatements });
    await workerUtils.migrate();
    return workerUtils;
  });
  await timed('enqueueMs', async () => {
    for (let i = 0; i < JOBS; i++) await utils.addJob('noop', { i });
  });
  let worker;
  const options = { connectionString, logger, taskList, noPreparedStatements, concurrency: 1, pollInterval: 2000 };
  try {
    await timed('processMs', async () => {
      worker = await timed('restartMs', () => run({ ...options, noHandleSignals: true }));
      await until(() => done >= JOBS, 60_000);
    });
    Object.assign(out, { done, jobsPerSecond: Math.round((done / out.processMs) * 1000) });
    await pause(2500);
    const sentAt = performance.now();
    await utils.addJob('wake', {});
    await until(() => woke > 0, 10_000).catch(() => undefined);
    out.idleWakeMs = woke ? Math.round(woke - sentAt) : 'not woken in 10 s';
  } finally {
    out.done = done;
    out.errors = [...errors].slice(0, 3);
    await worker?.stop();
    await utils.release();
  }
}

/** What sharing one PGlite session between socket connections and the app's own calls does. */
async function socketProbes(db, url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const answers = await Promise.all(
    Array.from({ length: 400 }, (_, i) => pool.query('SELECT $1::int AS n', [i]).then(({ rows }) => rows[0].n === i)),
  );
  out.pooledParameterisedQueries = `${answers.filter(Boolean).length} of 400 right`;
  await pool.end();
  await pause(500);
  const [a, b] = [new pg.Client(url), new pg.Client(url)];
  await Promise.all([a.connect(), b.connect()]);
  let notified = false;
  a.on('notification', () => (notified = true));
  await a.query('LISTEN probe');
  await b.query(`NOTIFY probe, 'x'`);
  await pause(500);
  out.listenNotifyBetweenConnections = notified ? 'delivered' : 'not delivered in 500 ms';
  // A socket client's autocommit insert while the app's in-process transaction is open; the app rolls
  // back. The multiplexer lets only the connection that spoke last run while PGlite is in a
  // transaction, so `a` speaks just before (another connection's insert would wait for the end).
  await db.exec('CREATE TABLE probe (who text)');
  let [answeredDuring, rolledBack, answered] = [false, false, null];
  await a.query('SELECT 1');
  await db
    .transaction(async (tx) => {
      await tx.query(`INSERT INTO probe VALUES ('app')`);
      answered = a.query(`INSERT INTO probe VALUES ('socket')`).then(() => (answeredDuring = !rolledBack));
      await pause(300);
      await tx.query('SELECT 1');
      rolledBack = true;
      await tx.rollback();
    })
    .catch(() => {});
  await Promise.race([answered, pause(3000)]);
  // The app's autocommit insert while a socket client's transaction is open; the client rolls back.
  await b.query('BEGIN');
  await b.query(`INSERT INTO probe VALUES ('socket tx')`);
  await db.query(`INSERT INTO probe VALUES ('app autocommit')`);
  await b.query('ROLLBACK');
  const kept = (await db.query('SELECT who FROM probe')).rows.map((row) => row.who);
  out.socketInsertDuringAppTransaction = `${answeredDuring ? 'answered before' : 'waited for'} the app's rollback, ${kept.includes('socket') ? 'kept' : 'lost with it'}`;
  out.appInsertDuringSocketTransaction = kept.includes('app autocommit') ? 'kept' : 'lost with the client rollback';
  await Promise.all([a.end(), b.end()]);
}

const SCENARIOS = {
  'runner-pglite': async () => runner(pgliteEngine(await freshPglite())),
  'runner-pg': async () => {
    const pool = new pg.Pool({ connectionString: await scratchPg(), max: 10 });
    cleanups.unshift(() => pool.end());
    await runner(poolEngine(pool));
  },
  'pgboss-pglite': async () => {
    const { fromPglite } = await import('pg-boss');
    const db = await freshPglite();
    await pgBoss(
      () => ({ db: fromPglite(db), backend: 'pglite', useListenNotify: true }),
      (boss) => sendInDrizzleTransaction(db, boss),
    );
  },
  'pgboss10-pglite-own-adapter': async () => {
    const db = await freshPglite();
    const executeSql = async (text, values) => {
      try {
        if (values?.length) return await db.query(text, values);
        return { rows: (await db.exec(text)).flatMap((result) => result.rows ?? []) };
      } catch (error) {
        await db.query('ROLLBACK').catch(() => {});
        throw error;
      }
    };
    await pgBoss(() => ({ db: { executeSql } }));
  },
  'pgboss-socket': async () => {
    const url = await socketOver(await freshPglite());
    await pgBoss(() => ({ connectionString: url, max: 10, useListenNotify: true }));
  },
  'pgboss-pg': async () => {
    const url = await scratchPg();
    await pgBoss(() => ({ connectionString: url, max: 10, useListenNotify: true }));
  },
  'graphile-socket': async () => graphileWorker(await socketOver(await freshPglite())),
  'graphile-socket-noprepared': async () => graphileWorker(await socketOver(await freshPglite()), true),
  'graphile-pg': async () => graphileWorker(await scratchPg()),
  'socket-probes': async () => {
    const db = await freshPglite();
    await socketProbes(db, await socketOver(db));
  },
};

const scenario = SCENARIOS[process.argv[2]];
if (!scenario) {
  console.error(`usage: node measure-job-libraries.mjs <${Object.keys(SCENARIOS).join('|')}> [jobs]`);
  process.exit(2);
}
try {
  await scenario();
} catch (error) {
  out.error = `${error?.code ?? ''} ${error?.message ?? error}`.trim();
} finally {
  for (const clean of cleanups)
    await Promise.resolve()
      .then(clean)
      .catch(() => {});
  out.rssMb = Math.round(process.memoryUsage().rss / 1e6);
  console.log(JSON.stringify(out));
  process.exit(0);
}
