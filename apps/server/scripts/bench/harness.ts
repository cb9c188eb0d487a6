import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../../src/db/client.ts';
import { measureLoad, type LoadRequest, type LoadResult } from '../load.ts';
import { verdict, type Engine, type GoalId } from './goals.ts';

/** The PostgreSQL server the bench makes its temporary databases on. */
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The first admin's password in every bench database. */
export const ADMIN_PASSWORD = 'bench-admin-password-1';

/** One line of the bench table: a measure, its floor of the same run, and its goal. */
export interface BenchRow {
  engine: Engine;
  /** What was measured ('GET /api/customer/payments p95'). */
  measure: string;
  value: number;
  unit: string;
  /** The floor of the same run as text ('auth/verify 8.1 ms'), or '-'. */
  floor: string;
  /** The goal it is held to, or null (reported only). */
  goal: GoalId | null;
  note?: string;
}

/** A case of the bench, run by `npm run bench -- --only=<name>` and in the full run. */
export interface BenchCase {
  name: string;
  /** One line: what it measures. */
  summary: string;
  run(): Promise<BenchRow[]>;
}

/** The value at percentile `p` of ascending `sorted` values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** A temporary bench database with the app on it, listening on a free port of 127.0.0.1. */
export interface BenchApp {
  engine: Engine;
  database: Database;
  app: Awaited<ReturnType<typeof buildApp>>;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** The environment that points a child process (`npm run demo`) at the same database. */
  env: Record<string, string>;
  adminToken: string;
  /** Signs in; the token. `kind` staff (username) or member (mobile or parish number). */
  login(kind: 'staff' | 'member', identifier: string, password: string): Promise<string>;
}

/**
 * Runs `work` on a fresh database of `engine` (a temporary PGlite directory, or a temporary
 * database on {@link SERVER_URL}), deleted afterwards. `before` runs first, with the environment of
 * that database and nothing open on it (PGlite allows one process: `npm run demo` runs there).
 */
export async function withBenchApp<T>(
  engine: Engine,
  work: (bench: BenchApp) => Promise<T>,
  before?: (env: Record<string, string>) => Promise<void>,
): Promise<T> {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), `parish-bench-${engine}-`));
  const dbName = `parish_bench_${process.pid}_${Date.now()}`;
  const databaseUrl = engine === 'postgres' ? SERVER_URL.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
  const env: Record<string, string> = {
    DATA_DIR: tmpDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '10000000',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  if (engine === 'postgres') await onServer((client) => client.query(`create database ${dbName}`));
  let database: Database | undefined;
  let app: BenchApp['app'] | undefined;
  try {
    await before?.(env);
    // As the server opens it (src/server.ts): as parish_app, each statement in its request's parish.
    database =
      engine === 'pglite'
        ? await openDatabase({
            pglite: await PGlite.create(path.join(tmpDir, 'pglite'), { extensions: PGLITE_EXTENSIONS }),
            scope: { fallbackParish: null },
          })
        : await openDatabase({ databaseUrl, scope: { fallbackParish: null } });
    app = await buildApp({ config: { ...loadConfig(env), webDistDir: null }, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const listening = app;
    const login: BenchApp['login'] = async (kind, identifier, password) => {
      const response = await listening.inject({
        method: 'POST',
        url: kind === 'staff' ? '/api/auth/admin/login' : '/api/auth/customer/login',
        payload: kind === 'staff' ? { username: identifier, password } : { identifier, password },
      });
      if (response.statusCode !== 200) throw new Error(`login of ${identifier} failed: ${response.body}`);
      return response.json<{ token: string }>().token;
    };
    return await work({
      engine,
      database,
      app,
      base: `http://127.0.0.1:${address.port}`,
      env,
      adminToken: await login('staff', 'admin', ADMIN_PASSWORD),
      login,
    });
  } finally {
    await app?.close();
    await database?.close();
    rmSync(tmpDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      await onServer(async (client) => {
        await client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [dbName],
        );
        await client.query(`drop database if exists ${dbName}`);
      });
    }
  }
}

/** Runs `work` with a client of the PostgreSQL server's maintenance database. */
async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Loads the demo parish (`npm run demo`, `scripts/demo.ts`) into the database of `env`. */
export function loadDemo(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = new URL('../demo.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`demo load exited with ${code}`))));
  });
}

/**
 * Loads `base + path` (or the `paths` in turn) at c = 10 with `token`: `amount` timed requests after
 * `warmup` untimed ones, autocannon in a process of its own (`load.ts`).
 */
export function load(
  bench: Pick<BenchApp, 'base'>,
  token: string,
  paths: readonly (string | LoadRequest)[],
  amount: number,
  warmup = 50,
  connections = 10,
): Promise<LoadResult> {
  const first = paths[0];
  const url = `${bench.base}${typeof first === 'string' ? first : (first?.path ?? '/')}`;
  return measureLoad(
    {
      url,
      connections,
      amount,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    },
    warmup,
    paths,
  );
}

/** Formats a number for the table: one decimal below 100, none above. */
export function fmt(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) < 100 ? value.toFixed(1) : value.toFixed(0);
}

/** Prints the rows as one Markdown table, each beside its floor and its goal with PASS/FAIL. */
export function printRows(caseName: string, rows: readonly BenchRow[]): void {
  const lines = [['engine', 'case', 'measure', 'value', 'floor (same run)', 'goal']];
  for (const row of rows) {
    lines.push([
      row.engine,
      caseName,
      row.measure + (row.note ? ` (${row.note})` : ''),
      `${fmt(row.value)} ${row.unit}`,
      row.floor,
      row.goal ? verdict(row.goal, row.engine, row.value) : '-',
    ]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const format = (line: string[]) => `| ${line.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(`\n${format(lines[0]!)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const line of lines.slice(1)) process.stdout.write(`${format(line)}\n`);
}

/** Reports progress on stdout: `[case engine] text`. */
export function progress(caseName: string, engine: Engine, text: string): void {
  process.stdout.write(`[${caseName} ${engine}] ${text}\n`);
}

/** Writes each row as a progress line as soon as it is measured (the table comes at the case's end); returns them. */
export function reported(caseName: string, rows: BenchRow[]): BenchRow[] {
  for (const row of rows) progress(caseName, row.engine, `${row.measure}: ${fmt(row.value)} ${row.unit}`);
  return rows;
}
