import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

import { measureLoad } from '../load.ts';
import {
  eachDataset,
  loadAverages,
  percentile,
  printTable,
  signIn,
  startServer,
  type BenchDatabase,
  type Engine,
} from './dataset.ts';
import { verdict } from './goals.ts';

/**
 * `npm run bench -- --only=startup` (issue 15; `docs/deploy.md`, "Hardware"): start-up time and
 * memory of a server process (`node dist/server.mjs`, what `npm start` runs after its build) on the
 * demo parish and on 20,000 members / 1,000,000 payments (`dataset.ts`), PGlite and PostgreSQL:
 * - ready: from spawn to the first 200 of `GET /api/health` (wall clock), and the process's own
 *   `startupMs` (its "ready" log line; without Node's own start);
 * - RSS (`/proc/<pid>/status` VmRSS) 5 s after ready, idle;
 * - under a small load: 10 connections for 1,000 requests over the member list (three searches)
 *   and the dashboard (autocannon in a process of its own, `load.ts`), then VmRSS and the
 *   peak VmHWM, and the load's p95.
 * Each start is measured twice (the first reads the files from a cold disk cache; the second is what a restart
 * sees) and the second is reported beside the first. `--keep-dataset` keeps the large data set.
 *
 * And `npm start` itself (issue 31, "npm start after a restart with unchanged sources"): its script
 * `scripts/start.mjs` hashes the sources, rebuilds only what changed (`scripts/build-stamp.mjs`)
 * and runs the same server, spawned twice the same way: the first start may build (the bench's own
 * server build leaves no stamp), the second is a restart with nothing changed, held to ≤ 5 s.
 */

/** VmRSS and VmHWM of a process, MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

interface StartupRow {
  engine: Engine;
  dataset: string;
  database: BenchDatabase;
  readyMs: number[];
  startupMs: number[];
  /** `npm start` (`scripts/start.mjs`): spawn to ready, 1st (may build) and 2nd start, ms. */
  npmStartMs: number[];
  idleRssMb: number;
  loadedRssMb: number;
  peakMb: number;
  loadP95: number;
  non2xx: number;
}

const LOAD_PATHS = [
  '/api/members?sortBy=name&sortOrder=asc&page=1&limit=50',
  '/api/admin/dashboard',
  '/api/members?search=tho&sortBy=name&sortOrder=asc&page=2&limit=50',
  '/api/members?search=9&sortBy=parishNumber&sortOrder=asc&page=1&limit=50',
];

/** The repository's root, where `npm start` runs `scripts/start.mjs`. */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Spawn to ready of `npm start`'s script twice on `database`: the first may rebuild (up to 15
 * minutes allowed), the second finds the sources unchanged. @returns both, ms
 */
async function npmStartTimes(database: BenchDatabase, port: number): Promise<number[]> {
  const times: number[] = [];
  for (const timeoutMs of [900_000, 60_000]) {
    const server = await startServer(database, port, {}, timeoutMs, { args: ['scripts/start.mjs'], cwd: ROOT });
    times.push(server.readyMs);
    await server.stop();
  }
  return times;
}

async function measure(database: BenchDatabase, dataset: string, port: number): Promise<StartupRow> {
  const npmStartMs = await npmStartTimes(database, port);
  const readyMs: number[] = [];
  const startupMs: number[] = [];
  for (let run = 0; run < 2; run += 1) {
    const server = await startServer(database, port);
    readyMs.push(server.readyMs);
    startupMs.push(server.startupMs);
    if (run === 0) {
      await server.stop();
      continue;
    }
    try {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const idle = memoryOf(server.child.pid!);
      const token = await signIn(server.url);
      const { times, non2xx } = await measureLoad(
        {
          url: `${server.url}/api/health`,
          connections: 10,
          amount: 1000,
          headers: { authorization: `Bearer ${token}` },
        },
        0,
        LOAD_PATHS,
      );
      const loaded = memoryOf(server.child.pid!);
      return {
        engine: database.engine,
        dataset,
        database,
        readyMs,
        startupMs,
        npmStartMs,
        idleRssMb: idle.rssMb,
        loadedRssMb: loaded.rssMb,
        peakMb: loaded.peakMb,
        loadP95: percentile(times, 95),
        non2xx,
      };
    } finally {
      await server.stop();
    }
  }
  throw new Error('unreachable');
}

/**
 * Runs the start-up benchmark on both engines (see the file comment) and prints its table.
 * @param options.keepDataset keep the large data set for the next run
 * @param options.port the port the server processes listen on
 */
export async function startupBench(options: { keepDataset: boolean; port: number }): Promise<void> {
  const startedAt = performance.now();
  const loadAtStart = loadAverages();
  const rows = await eachDataset(options.keepDataset, (database, label) => measure(database, label, options.port));
  const lines = [
    [
      'engine',
      'data set',
      'payments',
      'ready: 1st / 2nd start (s)',
      'startupMs 1st / 2nd',
      'npm start: 1st / unchanged restart (s)',
      'RSS idle (MB)',
      'RSS after load (MB)',
      'peak RSS (MB)',
      'load p95 (ms)',
      'goal: ready (2nd start), npm start restart, peak RSS',
    ],
  ];
  for (const row of rows) {
    lines.push([
      row.engine,
      row.dataset,
      String(row.database.payments),
      row.readyMs.map((ms) => (ms / 1000).toFixed(1)).join(' / '),
      row.startupMs.map(String).join(' / '),
      row.npmStartMs.map((ms) => (ms / 1000).toFixed(1)).join(' / '),
      row.idleRssMb.toFixed(0),
      row.loadedRssMb.toFixed(0),
      row.peakMb.toFixed(0),
      `${row.loadP95.toFixed(0)}${row.non2xx ? ` (${row.non2xx} non-2xx)` : ''}`,
      [
        verdict('startupReady', row.engine, (row.readyMs[1] ?? Number.NaN) / 1000),
        verdict('npmStartReady', row.engine, (row.npmStartMs[1] ?? Number.NaN) / 1000),
        verdict('startupRss', row.engine, row.peakMb),
      ].join(', '),
    ]);
  }
  printTable(lines);
  process.stdout.write(
    `\nReady = spawn of \`node dist/server.mjs\` to the first 200 of GET /api/health; startupMs = the server's own log line.\n` +
      `npm start = the same from the spawn of \`node scripts/start.mjs\` (hashes the sources, rebuilds what changed); the 1st may build, the 2nd is a restart with unchanged sources.\n` +
      `Load = 1,000 requests, c=10, over the member list (3 searches) and the dashboard, as the admin.\n` +
      `Load averages (1, 5, 15 min): ${loadAtStart} at the start, ${loadAverages()} at the end, ${os.cpus().length} CPUs. ` +
      `Total ${((performance.now() - startedAt) / 1000).toFixed(0)} s.\n`,
  );
}
