import { spawn } from 'node:child_process';

import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

import { runAsOwner, runInParish } from '../../src/db/parish-scope.ts';
import { fullExportCsvSections } from '../../src/modules/reports/report-export.ts';
import { seedReports } from '../bench-reports.ts';
import { fmt, progress, reported, withBenchApp, type BenchApp, type BenchCase, type BenchRow } from './harness.ts';
import type { Engine } from './goals.ts';

/**
 * Heads of the data set: 20,000 members x 50 heads = 1,000,000 payments; `BENCH_HEADS` scales it
 * down for iteration on a busy machine (the goal is set at 50).
 */
const HEADS = Number(process.env.BENCH_HEADS ?? 50);

/** The engine's own `COPY … TO` of the payments table alone, server-side on PostgreSQL, in seconds. */
async function copyFloor(bench: BenchApp): Promise<{ seconds: number; method: string }> {
  const started = performance.now();
  if (bench.database.kind === 'pglite' && bench.database.pglite) {
    await bench.database.pglite.query(`COPY payments TO '/dev/blob' WITH (FORMAT csv, HEADER)`);
    return { seconds: (performance.now() - started) / 1000, method: "COPY TO '/dev/blob'" };
  }
  await bench.database.db.execute(sql.raw(`COPY payments TO '/dev/null' WITH (FORMAT csv, HEADER)`));
  return { seconds: (performance.now() - started) / 1000, method: "COPY TO '/dev/null' (server-side)" };
}

/** A statement with its parameters written in as literals (COPY takes none). */
function inlined(query: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const value = params[Number(i) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/**
 * A statement's `COPY … TO` as a client receives it, in seconds: on PGlite `TO '/dev/blob'` (the
 * whole result handed to this process), on PostgreSQL `TO STDOUT` read by `psql` (the cheapest
 * client: C, its output thrown away), so the floor, like the export, carries the rows over the
 * connection.
 */
export async function copyToClient(bench: BenchApp, query: SQL): Promise<number> {
  const started = performance.now();
  if (bench.database.pglite) {
    await bench.database.pglite.query(`COPY (${inlined(query)}) TO '/dev/blob' WITH (FORMAT csv)`);
    return (performance.now() - started) / 1000;
  }
  const url = bench.env.DATABASE_URL;
  if (!url) throw new Error('no DATABASE_URL');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'psql',
      [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `COPY (${inlined(query)}) TO STDOUT WITH (FORMAT csv)`],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited with ${code}`))));
  });
  return (performance.now() - started) / 1000;
}

/**
 * The floors of the export (issue 18; `docs/domain.md`, §12 "D3"), each a `COPY` received by a
 * client ({@link copyToClient}), in seconds: the payments joined to their member, head and
 * collector in id order, raw (the goal's floor: the same rows, as the performance brief measured
 * "COPY (same join) TO STDOUT"); and the export's own CSV lines built in SQL, in one statement
 * without keyset pages. Run after the download, so their result buffers do not hide the export's
 * RSS growth.
 */
async function exportFloors(bench: BenchApp): Promise<{ joined: number; lines: number }> {
  const payments = fullExportCsvSections('Asia/Kolkata')[2];
  if (!payments) throw new Error('no payments section');
  return {
    joined: await copyToClient(bench, payments.rows(null, null)),
    lines: await copyToClient(bench, sql`SELECT ${payments.line} FROM (${payments.rows(null, null)}) p`),
  };
}

/**
 * Downloads `path` (default the full CSV export) as the admin, reading it chunk by chunk: the first
 * byte's time, the total, the bytes, the longest wait between two chunks, and the peak growth of
 * this process's RSS (server and reader share it), sampled every 25 ms.
 * @throws when the answer is not a 200 with a body
 */
export async function download(
  bench: BenchApp,
  path = '/api/admin/export?format=csv&type=all',
): Promise<{ firstByteMs: number; seconds: number; bytes: number; rssMb: number; longestGapMs: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
  try {
    const started = performance.now();
    const response = await fetch(`${bench.base}${path}`, {
      headers: { authorization: `Bearer ${bench.adminToken}` },
    });
    if (response.status !== 200 || !response.body) throw new Error(`${path} answered ${response.status}`);
    let firstByteMs = Number.NaN;
    let bytes = 0;
    let last = Number.NaN;
    let longestGapMs = 0;
    for await (const chunk of response.body) {
      const now = performance.now();
      if (bytes === 0) firstByteMs = now - started;
      else longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
      bytes += (chunk as Uint8Array).byteLength;
    }
    return {
      firstByteMs,
      seconds: (performance.now() - started) / 1000,
      bytes,
      rssMb: (peak - before) / 2 ** 20,
      longestGapMs,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function exportOn(engine: Engine): Promise<BenchRow[]> {
  // Seeded and measured in the first parish, as the server reads it (its role, under the row
  // policies; the harness opens the database with no fallback parish).
  return withBenchApp(engine, (bench) => runInParish(1, () => measureExport(engine, bench)));
}

async function measureExport(engine: Engine, bench: BenchApp): Promise<BenchRow[]> {
  {
    progress('export', engine, `seeding 20,000 members x ${HEADS} heads ...`);
    const payments = await seedReports(bench.database, HEADS);
    // The floors' COPY to a file needs the owner's rights (same rows: the bench holds one parish).
    const copy = await runAsOwner(() => copyFloor(bench));
    progress('export', engine, `COPY floor ${copy.seconds.toFixed(2)} s; downloading the export ...`);
    const result = await download(bench);
    progress('export', engine, 'measuring the floors (COPY of the joined rows, of the CSV lines) ...');
    const floors = await runAsOwner(() => exportFloors(bench));
    const joined = `COPY of the same rows (joined, id order) to a client ${fmt(floors.joined)} s`;
    const size = `${payments.toLocaleString('en-IN')} payments, ${(result.bytes / 2 ** 20).toFixed(0)} MB`;
    return [
      {
        engine,
        measure: `export first byte (${size})`,
        value: result.firstByteMs,
        unit: 'ms',
        floor: '-',
        goal: 'exportFirstByte',
      },
      {
        engine,
        measure: `export total ${fmt(result.seconds)} s over the COPY of the same rows`,
        value: result.seconds / floors.joined,
        unit: 'x',
        floor: joined,
        goal: 'exportVsCopy',
      },
      {
        engine,
        // An upper bound of the longest statement of the export (a page), which on PGlite holds the
        // one connection every request shares.
        measure: 'export longest wait between two chunks',
        value: result.longestGapMs,
        unit: 'ms',
        floor: '-',
        goal: null,
      },
      {
        engine,
        measure: `export total over the engine's ${copy.method} of the payments table alone (${fmt(copy.seconds)} s)`,
        value: result.seconds / copy.seconds,
        unit: 'x',
        floor: '-',
        goal: null,
      },
      {
        engine,
        measure: `floor: COPY of the export's CSV lines (SQL) to a client, ${fmt(floors.lines)} s over the same rows' COPY`,
        value: floors.lines / floors.joined,
        unit: 'x',
        floor: joined,
        goal: null,
      },
      {
        engine,
        measure: 'export RSS growth (peak)',
        value: result.rssMb,
        unit: 'MB',
        floor: '-',
        goal: 'exportRssGrowth',
      },
    ];
  }
}

/**
 * `--only=export`: the full CSV export (`GET /api/admin/export?format=csv&type=all`) at 1,000,000
 * payments: first byte, total time over the `COPY … TO` of the same rows received by a client in
 * the same run, and peak RSS growth (`docs/domain.md`, §12 "D3 Streamed export"; issue 18).
 */
export const exportCase: BenchCase = {
  name: 'export',
  summary: 'streamed full export at 1,000,000 payments: first byte, total over the COPY of the same rows, RSS growth',
  run: async () => [...reported('export', await exportOn('pglite')), ...reported('export', await exportOn('postgres'))],
};
