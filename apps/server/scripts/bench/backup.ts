import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { systemContext } from '../../src/context.ts';
import { openDatabase } from '../../src/db/client.ts';
import { writeBackup, type BackupResult } from '../../src/modules/backup/backup.service.ts';
import { pgliteDirOf, restoreBackup } from '../../src/modules/backup/restore.ts';
import { requestBackupFromServer, scriptDeps } from '../backup-cli.ts';
import { verdict } from './goals.ts';
import {
  benchConfig,
  databaseUrlOf,
  eachDataset,
  dropServerDatabase,
  loadAverages,
  mb,
  percentile,
  printTable,
  signIn,
  startServer,
  withServerClient,
  type BenchDatabase,
  type Engine,
} from './dataset.ts';

/**
 * `npm run bench -- --only=backup` (issue 15; `docs/deploy.md`, "Backups"): backup and restore of
 * the demo parish and of 20,000 members / 1,000,000 payments (`dataset.ts`), on PGlite and on
 * PostgreSQL, the way a parish runs them:
 * - a real server process (`src/server.ts`) on the database, answering two request loops
 *   meanwhile (`GET /api/health` and a page of `GET /api/members` as the admin, one request at a
 *   time each);
 * - the backup as `npm run backup` takes it: on PGlite the running server takes the snapshot
 *   (SIGUSR2 and a request file); on PostgreSQL the command runs `pg_dump` beside the server;
 * - the restore as `npm run restore` does it, into an empty data folder or a new database,
 *   migrations included, then deleted.
 * Prints per engine and data set: file size, backup time, how long the snapshot held the embedded
 * database (`heldMs`), the requests' p50/p95/max before and during the backup, and restore time,
 * with the load averages at the start and end. `--keep-dataset` keeps the large data set for the
 * next run (`dataset.ts`).
 */

/** A request loop's response times, ms. */
interface Probe {
  times: number[];
  errors: number;
}

const MEMBERS_PAGE = '/api/members?search=an&sortBy=name&sortOrder=asc&page=3&limit=50';

/** Requests `path` one after the other until `until` settles. */
async function probeLoop(url: string, headers: Record<string, string>, until: Promise<unknown>): Promise<Probe> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => undefined);
  const probe: Probe = { times: [], errors: 0 };
  while (!done) {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) probe.errors += 1;
    } catch {
      probe.errors += 1;
    }
    probe.times.push(performance.now() - started);
  }
  probe.times.sort((a, b) => a - b);
  return probe;
}

/** Both request loops against `server` until `until` settles. */
async function probeBoth(
  serverUrl: string,
  token: string,
  until: Promise<unknown>,
): Promise<{ health: Probe; members: Probe }> {
  const [health, members] = await Promise.all([
    probeLoop(`${serverUrl}/api/health`, {}, until),
    probeLoop(`${serverUrl}${MEMBERS_PAGE}`, { authorization: `Bearer ${token}` }, until),
  ]);
  return { health, members };
}

function summary(probe: Probe): string {
  const t = probe.times;
  return `${percentile(t, 50).toFixed(0)} / ${percentile(t, 95).toFixed(0)} / ${(t.at(-1) ?? Number.NaN).toFixed(0)} (${t.length}${probe.errors ? `, ${probe.errors} failed` : ''})`;
}

interface BackupRow {
  engine: Engine;
  dataset: string;
  database: BenchDatabase;
  result: BackupResult;
  before: { health: Probe; members: Probe };
  during: { health: Probe; members: Probe };
  restoreMs: number;
}

/** Takes the backup the way `npm run backup` does (see the file comment). */
async function takeBackup(database: BenchDatabase, out: string): Promise<BackupResult> {
  const config = benchConfig(database.dataDir, database.databaseUrl);
  if (database.engine === 'pglite') {
    const answer = await requestBackupFromServer(config, out);
    if (typeof answer.error === 'string') throw new Error(answer.error);
    return answer as unknown as BackupResult;
  }
  const opened = await openDatabase({ databaseUrl: database.databaseUrl, migrate: false });
  try {
    return await writeBackup(systemContext(scriptDeps(config, opened)), { kind: 'manual', out });
  } finally {
    await opened.close();
  }
}

/** Restores `file` into an empty data folder or a new database, as `npm run restore` does; deletes it after. */
async function timeRestore(engine: Engine, file: string): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parish-bench-restore-'));
  const dbName = `parish_bench_restore_${process.pid}`;
  const databaseUrl = engine === 'postgres' ? databaseUrlOf(dbName) : undefined;
  if (engine === 'postgres') await withServerClient((client) => client.query(`create database ${dbName}`));
  try {
    const started = performance.now();
    await restoreBackup(
      { databaseUrl, pgliteDir: pgliteDirOf(dataDir) },
      { file, force: false, passphrase: undefined },
    );
    return performance.now() - started;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await dropServerDatabase(dbName);
  }
}

async function measure(database: BenchDatabase, dataset: string, port: number): Promise<BackupRow> {
  const server = await startServer(database, port);
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'parish-bench-backup-'));
  try {
    const token = await signIn(server.url);
    // Five seconds of the loops alone: what the requests see without a backup.
    const before = await probeBoth(server.url, token, new Promise((resolve) => setTimeout(resolve, 5000)));
    process.stdout.write(`[${database.engine}] ${dataset}: backup ...\n`);
    const file = path.join(outDir, 'bench.pdbackup');
    const backup = takeBackup(database, file);
    const during = await probeBoth(server.url, token, backup);
    const result = await backup;
    await server.stop();
    process.stdout.write(`[${database.engine}] ${dataset}: ${mb(statSync(file).size)}; restore ...\n`);
    const restoreMs = await timeRestore(database.engine, file);
    return { engine: database.engine, dataset, database, result, before, during, restoreMs };
  } finally {
    await server.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Runs the backup benchmark on both engines (see the file comment) and prints its table.
 * @param options.keepDataset keep the large data set for the next run
 * @param options.port the first of the ports the server processes listen on
 */
export async function backupBench(options: { keepDataset: boolean; port: number }): Promise<void> {
  const startedAt = performance.now();
  const loadAtStart = loadAverages();
  const rows = await eachDataset(options.keepDataset, (database, label) => measure(database, label, options.port));
  const lines = [
    [
      'engine',
      'data set',
      'members',
      'payments',
      'file',
      'backup (s)',
      'held (ms)',
      'health before p50/p95/max (n)',
      'health during',
      'members before',
      'members during',
      'restore (s)',
    ],
  ];
  for (const row of rows) {
    lines.push([
      row.engine,
      row.dataset,
      String(row.database.members),
      String(row.database.payments),
      mb(row.result.bytes),
      (row.result.durationMs / 1000).toFixed(1),
      String(row.result.heldMs),
      summary(row.before.health),
      summary(row.during.health),
      summary(row.before.members),
      summary(row.during.members),
      (row.restoreMs / 1000).toFixed(1),
    ]);
  }
  printTable(lines);
  // The goals (issue 31, decision 0157) hold for the large data set.
  const goals = [['engine', 'goal', 'measured', 'verdict']];
  for (const row of rows.filter((r) => r.database.payments >= 100_000)) {
    const longest = Math.max(row.during.health.times.at(-1) ?? 0, row.during.members.times.at(-1) ?? 0);
    goals.push(
      [
        row.engine,
        `longest request wait during the backup (${row.dataset})`,
        `${longest.toFixed(0)} ms`,
        verdict('backupLongestWait', row.engine, longest),
      ],
      [
        row.engine,
        `backup file (${row.dataset})`,
        mb(row.result.bytes),
        verdict('backupSize', row.engine, row.result.bytes / 1_048_576),
      ],
    );
  }
  process.stdout.write('\n');
  printTable(goals);
  process.stdout.write(
    `\nBackup: PGlite by the running server (as \`npm run backup\` asks it), PostgreSQL by pg_dump beside it; not encrypted.\n` +
      `Requests: GET /api/health and GET ${MEMBERS_PAGE} (admin), one at a time each, against a real server process;\n` +
      `  "before" = 5 s without a backup, "during" = while the backup ran; ms p50 / p95 / max (count).\n` +
      `Restore: into an empty data folder / new database, migrations included.\n` +
      `Load averages (1, 5, 15 min): ${loadAtStart} at the start, ${loadAverages()} at the end, ${os.cpus().length} CPUs. ` +
      `Total ${((performance.now() - startedAt) / 1000).toFixed(0)} s.\n`,
  );
}
