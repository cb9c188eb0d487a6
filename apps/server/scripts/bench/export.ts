import { sql } from 'drizzle-orm';

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

/**
 * Downloads the full CSV export, reading it chunk by chunk: the first byte's time, the total, the
 * bytes, and the peak growth of this process's RSS (server and reader share it), sampled every 25 ms.
 */
async function download(
  bench: BenchApp,
): Promise<{ firstByteMs: number; seconds: number; bytes: number; rssMb: number }> {
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
    for await (const chunk of response.body) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += (chunk as Uint8Array).byteLength;
    }
    return { firstByteMs, seconds: (performance.now() - started) / 1000, bytes, rssMb: (peak - before) / 2 ** 20 };
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
