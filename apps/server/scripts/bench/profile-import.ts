/**
 * A profile of the account-head CSV import of `npm run bench -- --only=import` (decision 0160):
 * the same 10,000 x 20 matrix through `POST /api/payments/upload-csv` (app.inject, parish_app under
 * the row policies, as the bench), with every statement the drivers run timed at the driver and
 * summed by its text (the first 70 characters), and the JavaScript steps before the database
 * (body validation, matrix parsing) timed alone. Not part of `npm run bench`; run by hand:
 * `npx tsx apps/server/scripts/bench/profile-import.ts pglite|postgres`.
 * Prints a table: statement, calls, total ms, share of the import's wall time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { uploadCsvSchema } from '@parish/shared';
import pg from 'pg';

import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../../src/db/client.ts';
import { parseMatrix } from '../../src/modules/payments/payments.import.ts';
import { benchMatrix } from './matrix.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_PASSWORD = 'bench-admin-password-1';

const timings = new Map<string, { calls: number; ms: number }>();
function record(text: string, ms: number): void {
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
  const entry = timings.get(key) ?? { calls: 0, ms: 0 };
  entry.calls += 1;
  entry.ms += ms;
  timings.set(key, entry);
}

function timed<A extends unknown[], R>(fn: (...args: A) => Promise<R>, textOf: (...args: A) => string) {
  return async (...args: A): Promise<R> => {
    const started = performance.now();
    try {
      return await fn(...args);
    } finally {
      record(textOf(...args), performance.now() - started);
    }
  };
}

/** PROFILE_EXPLAIN=1: the payments inserts run under EXPLAIN ANALYZE (the import's answer is then wrong). */
const EXPLAIN = process.env.PROFILE_EXPLAIN === '1';
let explainedCount = 0;
function explainNext(text: string): boolean {
  if (!EXPLAIN || !/^\s*insert into payments\b/i.test(text)) return false;
  explainedCount += 1;
  return true;
}
function printPlan(text: string, lines: string[]): void {
  if (explainedCount > 4 && explainedCount < 19) return;
  process.stdout.write(`\n--- ${text.replace(/\s+/g, ' ').slice(0, 60)}\n${lines.join('\n')}\n`);
}

type Queryable = { query: (...a: never[]) => Promise<unknown>; exec?: (...a: never[]) => Promise<unknown> };

function wrapPglite(pglite: PGlite): void {
  const wrap = (target: Queryable) => {
    const query = target.query.bind(target) as (text: string, ...rest: unknown[]) => Promise<unknown>;
    const explained = async (text: string, ...rest: unknown[]) => {
      if (!explainNext(text)) return query(text, ...rest);
      const result = (await query(`explain (analyze, buffers) ${text}`, ...rest)) as { rows: Record<string, string>[] };
      printPlan(
        text,
        result.rows.map((row) => Object.values(row)[0] ?? ''),
      );
      return { rows: [], fields: [], affectedRows: 0 };
    };
    (target as { query: unknown }).query = timed(explained, (text) => text);
    if (target.exec) {
      const exec = target.exec.bind(target) as (text: string, ...rest: unknown[]) => Promise<unknown>;
      (target as { exec: unknown }).exec = timed(exec, (text) => text);
    }
  };
  const transaction = pglite.transaction.bind(pglite);
  wrap(pglite as unknown as Queryable);
  pglite.transaction = (<T>(callback: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>) =>
    transaction((tx) => {
      wrap(tx as unknown as Queryable);
      return callback(tx);
    })) as PGlite['transaction'];
}

function wrapPg(): void {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0];
    const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '?');
    const started = performance.now();
    if (typeof config === 'object' && config && explainNext(text)) {
      const explainConfig = { ...(config as object), text: `explain (analyze, buffers) ${text}`, rowMode: undefined };
      return (query.apply(this, [explainConfig, ...args.slice(1)]) as Promise<{ rows: Record<string, string>[] }>).then(
        (result) => {
          record(text, performance.now() - started);
          printPlan(
            text,
            result.rows.map((row) => Object.values(row)[0] ?? ''),
          );
          return { ...result, rows: [], rowCount: 0 };
        },
      );
    }
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => record(text, performance.now() - started),
        () => record(text, performance.now() - started),
      );
    }
    return result;
  };
}

async function main(): Promise<void> {
  const engine = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
  const members = Number(process.env.PROFILE_MEMBERS ?? 10_000);
  const matrix = benchMatrix(members, 20);

  let started = performance.now();
  const body = JSON.stringify({ csvData: matrix });
  const stringifyMs = performance.now() - started;
  started = performance.now();
  const parsedBody = uploadCsvSchema.parse(JSON.parse(body));
  const validateMs = performance.now() - started;
  started = performance.now();
  parseMatrix(parsedBody.csvData, 2026);
  const parseMatrixMs = performance.now() - started;

  const tmpDir = mkdtempSync(path.join(os.tmpdir(), `parish-profile-${engine}-`));
  const dbName = `parish_profile_${process.pid}`;
  const serverDbUrl = engine === 'postgres' ? SERVER_URL.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  if (engine === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
  }
  let database: Database | undefined;
  try {
    const scope = { fallbackParish: null };
    database =
      engine === 'pglite'
        ? await openDatabase({
            pglite: await PGlite.create(path.join(tmpDir, 'pglite'), { extensions: PGLITE_EXTENSIONS }),
            scope,
          })
        : await openDatabase({ databaseUrl: serverDbUrl, scope });
    const config = loadConfig({
      DATA_DIR: tmpDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '10000000',
      ...(serverDbUrl && { DATABASE_URL: serverDbUrl }),
    });
    const app = await buildApp({ config: { ...config, webDistDir: null }, database, logger: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const token = login.json<{ token: string }>().token;
    if (engine === 'pglite') wrapPglite(database.pglite!);
    else wrapPg();
    timings.clear();
    started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/upload-csv',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: body,
    });
    const importMs = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`import failed: ${response.body.slice(0, 300)}`);
    const sorted = [...timings.entries()].sort((x, y) => y[1].ms - x[1].ms);
    const dbMs = sorted.reduce((sum, [, t]) => sum + t.ms, 0);
    process.stdout.write(`\n${engine}: import ${(importMs / 1000).toFixed(2)} s (${members} x 20)\n`);
    process.stdout.write(
      `JS alone: JSON.stringify ${stringifyMs.toFixed(0)} ms, JSON.parse+zod ${validateMs.toFixed(0)} ms, parseMatrix ${parseMatrixMs.toFixed(0)} ms\n`,
    );
    process.stdout.write(`statements at the driver: ${dbMs.toFixed(0)} ms of ${importMs.toFixed(0)} ms\n`);
    for (const [text, t] of sorted.slice(0, 25)) {
      process.stdout.write(
        `${t.ms.toFixed(0).padStart(7)} ms ${String(t.calls).padStart(4)}x ${((100 * t.ms) / importMs).toFixed(1).padStart(5)}%  ${text}\n`,
      );
    }
    await app.close();
  } finally {
    await database?.close();
    rmSync(tmpDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
