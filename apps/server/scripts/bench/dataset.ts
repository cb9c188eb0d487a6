import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';

import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openDatabase, PGLITE_EXTENSIONS, queryRows } from '../../src/db/client.ts';
import { REPORT_MEMBERS, seedReports } from '../bench-reports.ts';
import { runInParish } from '../../src/db/parish-scope.ts';
import { HOME_PARISH_ID } from '../../src/db/schema/parishes.ts';

/**
 * The large data set of the `--only=backup` and `--only=startup` benchmarks (issue 15): 20,000
 * members x 50 heads = 1,000,000 payments, seeded by the reports benchmark's generator
 * (`seedReports`), on either engine, plus the demo parish (`npm run demo`) for the small end.
 *
 * Seeding 1,000,000 payments takes minutes, so a data set can be kept and reused: with
 * `--keep-dataset` it stays in `BENCH_DATASET_DIR` (default `<tmp>/parish-bench-dataset`; the
 * PGlite data folder and a marker) and in the PostgreSQL database `parish_bench_dataset` of
 * `BENCH_DATABASE_URL`'s server; the next run finds and reuses it. Without the flag both are
 * deleted at the end of the run.
 */

/** The PostgreSQL server the benchmarks use (a database of their own on it). */
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The admin password of every benchmark database. */
export const ADMIN_PASSWORD = 'bench-admin-password-1';
/**
 * Heads of the large data set: 20,000 members x 50 heads = 1,000,000 payments; `BENCH_HEADS`
 * scales it down for iteration on a busy machine (a kept data set is reused whatever its size).
 */
export const DATASET_HEADS = Number(process.env.BENCH_HEADS ?? 50);

export type Engine = 'pglite' | 'postgres';

/** Where a benchmark database lives: a server's DATA_DIR (PGlite under `pglite/`) or a PostgreSQL URL. */
export interface BenchDatabase {
  engine: Engine;
  /** The DATA_DIR to give the server (on PostgreSQL only for its backups folder). */
  dataDir: string;
  /** The PostgreSQL database's URL, or undefined on PGlite. */
  databaseUrl: string | undefined;
  /** Rows of `payments`. */
  payments: number;
  members: number;
}

/** The URL of database `name` on the benchmark's PostgreSQL server. */
export function databaseUrlOf(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` with a connection to the benchmark's PostgreSQL server (its default database). */
export async function withServerClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops database `name` on the benchmark's server (its connections ended first). */
export async function dropServerDatabase(name: string): Promise<void> {
  await withServerClient(async (client) => {
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    await client.query(`drop database if exists ${name}`);
  });
}

async function serverDatabaseExists(name: string): Promise<boolean> {
  return withServerClient(async (client) => {
    const result = await client.query('select 1 from pg_database where datname = $1', [name]);
    return result.rowCount === 1;
  });
}

/** The configuration of a benchmark server on `dataDir` (and `databaseUrl`), quiet, rate limit raised. */
export function benchConfig(dataDir: string, databaseUrl?: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '10000000',
    BACKUP_KEEP: '0',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  return { ...config, webDistDir: null };
}

async function counts(
  databaseUrl: string | undefined,
  pgliteDir: string,
): Promise<{ payments: number; members: number }> {
  const database = await openDatabase({ databaseUrl, pgliteDir, migrate: false });
  try {
    const [row] = await queryRows<{ payments: number; members: number }>(
      database.db,
      sql`select (select count(*)::int from payments) as payments, (select count(*)::int from members) as members`,
    );
    return { payments: Number(row?.payments ?? 0), members: Number(row?.members ?? 0) };
  } finally {
    await database.close();
  }
}

/** Seeds a migrated database with the admin (through the app, as a first start does) and the large data set. */
async function seedLarge(engine: Engine, dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const database =
    engine === 'pglite'
      ? await openDatabase({
          pglite: await PGlite.create(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS }),
        })
      : await openDatabase({ databaseUrl });
  try {
    const app = await buildApp({ config: benchConfig(dataDir, databaseUrl), database, logger: false });
    await app.close();
    const started = performance.now();
    // In the home parish: outside a request no parish is in progress, and the rows' parish and the
    // data-version triggers' would be null.
    const payments = await runInParish(HOME_PARISH_ID, () => seedReports(database, DATASET_HEADS));
    await database.db.execute(sql`vacuum analyze`);
    if (database.pglite) await database.pglite.exec('checkpoint');
    process.stdout.write(
      `[${engine}] seeded ${REPORT_MEMBERS} members, ${payments} payments in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
  } finally {
    await database.close();
  }
}

/** The kept data set's folder (`BENCH_DATASET_DIR`). */
function datasetRoot(): string {
  return process.env.BENCH_DATASET_DIR ?? path.join(os.tmpdir(), 'parish-bench-dataset');
}

const DATASET_DB = 'parish_bench_dataset';

/**
 * The large data set on `engine`: the kept one when it is there and complete, else a new one
 * (seeded now, a few minutes). With `keep` false, `discard` deletes it.
 */
export async function largeDataset(
  engine: Engine,
  keep: boolean,
): Promise<{ database: BenchDatabase; discard: () => Promise<void> }> {
  const root = datasetRoot();
  const dataDir = path.join(root, engine);
  const marker = path.join(dataDir, 'seeded.json');
  const databaseUrl = engine === 'postgres' ? databaseUrlOf(DATASET_DB) : undefined;
  const ready =
    existsSync(marker) &&
    (engine === 'pglite' ? existsSync(path.join(dataDir, 'pglite')) : await serverDatabaseExists(DATASET_DB));
  if (!ready) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    if (engine === 'postgres') {
      await dropServerDatabase(DATASET_DB);
      await withServerClient((client) => client.query(`create database ${DATASET_DB}`));
    }
    process.stdout.write(`[${engine}] seeding the data set (20,000 members x ${DATASET_HEADS} heads) ...\n`);
    await seedLarge(engine, dataDir, databaseUrl);
    writeFileSync(marker, JSON.stringify({ seededAt: new Date().toISOString() }));
  } else {
    process.stdout.write(
      `[${engine}] reusing the data set in ${engine === 'pglite' ? dataDir : DATASET_DB} (seeded ${String(JSON.parse(readFileSync(marker, 'utf8')).seededAt)})\n`,
    );
  }
  const found = await counts(databaseUrl, path.join(dataDir, 'pglite'));
  return {
    database: { engine, dataDir, databaseUrl, ...found },
    async discard() {
      if (keep) return;
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') await dropServerDatabase(DATASET_DB);
    },
  };
}

/** The demo parish (`npm run demo`) in a new temporary data folder or PostgreSQL database; `discard` deletes it. */
export async function demoDataset(engine: Engine): Promise<{ database: BenchDatabase; discard: () => Promise<void> }> {
  const dataDir = path.join(os.tmpdir(), `parish-bench-demo-${engine}-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  const dbName = `parish_bench_demo_${process.pid}`;
  const databaseUrl = engine === 'postgres' ? databaseUrlOf(dbName) : undefined;
  if (engine === 'postgres') await withServerClient((client) => client.query(`create database ${dbName}`));
  const demo = new URL('../demo.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', demo], {
    env: { ...process.env, ...serverEnv({ dataDir, databaseUrl }) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run demo exited with ${code}`);
  const found = await counts(databaseUrl, path.join(dataDir, 'pglite'));
  return {
    database: { engine, dataDir, databaseUrl, ...found },
    async discard() {
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') await dropServerDatabase(dbName);
    },
  };
}

/**
 * Runs `measure` on the demo parish and on the large data set, PGlite first, then PostgreSQL,
 * each data set deleted after (the large one kept with `keep`).
 * @returns the measurements in that order
 */
export async function eachDataset<T>(
  keep: boolean,
  measure: (database: BenchDatabase, label: string) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (const engine of ['pglite', 'postgres'] as const) {
    for (const [label, open] of [
      ['demo parish', () => demoDataset(engine)],
      ['20,000 / 1,000,000', () => largeDataset(engine, keep)],
    ] as const) {
      const dataset = await open();
      try {
        results.push(await measure(dataset.database, label));
      } finally {
        await dataset.discard();
      }
    }
  }
  return results;
}

/** The environment of a benchmark server process (or script) on `database`. */
export function serverEnv(database: { dataDir: string; databaseUrl: string | undefined }, port = 0): NodeJS.ProcessEnv {
  return {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ADMIN_PASSWORD,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '10000000',
    // No daily backup inside a measurement.
    BACKUP_KEEP: '0',
  };
}

/** A server process started by {@link startServer}. */
export interface ServerProcess {
  child: ChildProcess;
  /** Its base URL, `http://127.0.0.1:<port>`. */
  url: string;
  /** From spawn to the first answer of GET /api/health, ms (wall clock, as an operator sees it). */
  readyMs: number;
  /** The `startupMs` of its "parish dues server ready" log line. */
  startupMs: number;
  /** Stops it (SIGTERM) and waits for its exit. */
  stop(): Promise<void>;
}

/** The server bundle `npm start` runs, built once per bench run (`scripts/build-server.mjs`). */
let bundle: Promise<string> | undefined;

/** Builds the server as `npm run build` does and answers the bundle's path (once per process). */
export function builtServer(): Promise<string> {
  bundle ??= new Promise((resolve, reject) => {
    const script = new URL('../build-server.mjs', import.meta.url).pathname;
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(new URL('../../dist/server.mjs', import.meta.url).pathname)
        : reject(new Error(`the server build exited with ${code}`)),
    );
  });
  return bundle;
}

/**
 * Starts the built server (`node --enable-source-maps dist/server.mjs`, what `npm start` runs after
 * its build, {@link builtServer}) on `database` with `port`, and waits for its "ready" log line and
 * a 200 from `/api/health`. The build is not timed. `launch` runs another Node script in its place
 * (arguments to `node` and the folder), e.g. `scripts/start.mjs`, which builds what changed and
 * then runs the same server: then whatever it builds is timed.
 * @throws when it exits first or is not ready within `timeoutMs`
 */
export async function startServer(
  database: { dataDir: string; databaseUrl: string | undefined },
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
  timeoutMs = 180_000,
  launch?: { args: string[]; cwd: string },
): Promise<ServerProcess> {
  const entry = await builtServer();
  const started = performance.now();
  const child = spawn(process.execPath, launch?.args ?? ['--enable-source-maps', entry], {
    ...(launch ? { cwd: launch.cwd } : {}),
    env: { ...process.env, ...serverEnv(database, port), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let startupMs = Number.NaN;
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    const match = /"startupMs":(\d+)/.exec(output);
    if (match && Number.isNaN(startupMs)) startupMs = Number(match[1]);
    if (output.length > 100_000) output = output.slice(-10_000);
  });
  let errors = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  let readyMs = Number.NaN;
  while (performance.now() - started < timeoutMs) {
    if (exited) throw new Error(`the server exited before it was ready: ${errors.trim() || output.slice(-500)}`);
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.ok) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (Number.isNaN(readyMs)) {
    child.kill('SIGKILL');
    throw new Error(`the server was not ready within ${timeoutMs / 1000} s`);
  }
  while (Number.isNaN(startupMs) && !exited) await new Promise((resolve) => setTimeout(resolve, 25));
  return {
    child,
    url,
    readyMs,
    startupMs,
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
}

/** Signs the benchmark's admin in on a running server. @returns the bearer token */
export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The p-th percentile (nearest rank) of ascending numbers. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** Prints rows (the first is the header) as a Markdown table. */
export function printTable(lines: string[][]): void {
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const format = (line: string[]) => `| ${line.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(`\n${format(lines[0]!)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const line of lines.slice(1)) process.stdout.write(`${format(line)}\n`);
}

/** The machine's load averages now (`os.loadavg()`, as `uptime` prints them). */
export function loadAverages(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

/** Megabytes with one decimal. */
export function mb(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
