import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

import { fullExportCsvSections } from '../../src/modules/reports/report-export.ts';
import { seedReports } from '../bench-reports.ts';
import { fmt, progress, reported, withBenchApp, type BenchApp, type BenchCase, type BenchRow } from './harness.ts';
import type { Engine } from './goals.ts';

/** Heads of the data set: 20,000 members x 50 heads = 1,000,000 payments. */
const HEADS = 50;

/** The engine's own `COPY … TO` of every payment, in seconds (the floor). */
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
 * What explains the export's time over `COPY payments` (issue 18): the engine's own `COPY` of the
 * payments joined to their member, head and collector in id order, raw, and of the export's CSV
 * lines built in SQL (the export's own statement without keyset pages), each in seconds.
 * Run after the download, so their result buffers do not hide the export's RSS growth.
 */
async function exportFloors(bench: BenchApp): Promise<{ joined: number; lines: number }> {
  const payments = fullExportCsvSections('Asia/Kolkata')[2];
  if (!payments) throw new Error('no payments section');
  const target = bench.database.kind === 'pglite' ? `'/dev/blob'` : `'/dev/null'`;
  const copy = async (query: SQL) => {
    const started = performance.now();
    const statement = `COPY (${inlined(query)}) TO ${target}`;
    if (bench.database.pglite) await bench.database.pglite.query(statement);
    else await bench.database.db.execute(sql.raw(statement));
    return (performance.now() - started) / 1000;
  };
  return {
    joined: await copy(payments.rows(null, null)),
    lines: await copy(sql`SELECT ${payments.line} FROM (${payments.rows(null, null)}) p`),
  };
}

/**
 * Downloads the full CSV export, reading it chunk by chunk: the first byte's time, the total, the
 * bytes, the longest wait between two chunks, and the peak growth of this process's RSS (server
 * and reader share it), sampled every 25 ms.
 */
async function download(
  bench: BenchApp,
): Promise<{ firstByteMs: number; seconds: number; bytes: number; rssMb: number; longestGapMs: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
  try {
    const started = performance.now();
    const response = await fetch(`${bench.base}/api/admin/export?format=csv&type=all`, {
      headers: { authorization: `Bearer ${bench.adminToken}` },
    });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
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
  return withBenchApp(engine, async (bench) => {
    progress('export', engine, `seeding 20,000 members x ${HEADS} heads ...`);
    const payments = await seedReports(bench.database, HEADS);
    const copy = await copyFloor(bench);
    progress('export', engine, `COPY floor ${copy.seconds.toFixed(2)} s; downloading the export ...`);
    const result = await download(bench);
    progress('export', engine, 'measuring the floors (COPY of the joined rows, of the CSV lines) ...');
    const floors = await exportFloors(bench);
    const floor = `${copy.method} ${copy.seconds.toFixed(2)} s`;
    const size = `${payments.toLocaleString('en-IN')} payments, ${(result.bytes / 2 ** 20).toFixed(0)} MB`;
    return [
      {
        engine,
        measure: `export first byte (${size})`,
        value: result.firstByteMs,
        unit: 'ms',
        floor,
        goal: 'exportFirstByte',
      },
      {
        engine,
        measure: `export total ${fmt(result.seconds)} s over COPY TO`,
        value: result.seconds / copy.seconds,
        unit: 'x',
        floor,
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
        measure: `floor: COPY of the payments joined, id order, ${fmt(floors.joined)} s over COPY TO`,
        value: floors.joined / copy.seconds,
        unit: 'x',
        floor,
        goal: null,
      },
      {
        engine,
        measure: `floor: COPY of the export's CSV lines (SQL), ${fmt(floors.lines)} s over COPY TO`,
        value: floors.lines / copy.seconds,
        unit: 'x',
        floor,
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
  });
}

/**
 * `--only=export`: the full CSV export (`GET /api/admin/export?format=csv&type=all`) at 1,000,000
 * payments: first byte, total time over the engine's `COPY TO` of the payments in the same run,
 * and peak RSS growth (`docs/domain.md`, §12 "D3 Streamed export"; issue 18).
 */
export const exportCase: BenchCase = {
  name: 'export',
  summary: 'streamed full export at 1,000,000 payments: first byte, total over COPY TO, RSS growth',
  run: async () => [...reported('export', await exportOn('pglite')), ...reported('export', await exportOn('postgres'))],
};
