import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { TEST_DATABASE_URL } from './test-database.ts';

/**
 * One scheduled worker across real server processes (`docs/deploy.md`, "Several processes";
 * `workers/single-instance.ts`): two `node --import tsx src/server.ts` processes, each on a port
 * and a DATA_DIR of its own.
 * - PostgreSQL (TEST_DATABASE_URL): both on one fresh database with the gateway re-check every
 *   second. Exactly one of them runs it — its log says so and the database shows one holder of the
 *   advisory lock, named with that process's pid; the other keeps trying. After the holder is
 *   killed (SIGKILL: no goodbye) the other takes the worker over within its 15 s retry. The
 *   database is dropped at the end.
 * - PGlite: the second process on the same data folder is refused, so there is nothing to share;
 *   once the first is killed, the second starts on the folder.
 */

const SERVER = path.resolve(import.meta.dirname, '../src/server.ts');
const LOCK_NAME = 'parish-dues-lock-gateway-recheck-';

interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'worker-processes-admin-1',
      BACKUP_KEEP: '0',
      GATEWAY_RECHECK_SECONDS: '1',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'no-web-app-here'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const READY = 'parish dues server ready';
const RUNS_WORKER = /"worker":"gateway-recheck"[^\n]*this process runs the worker/;

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const server of started)
    if (server.child.exitCode === null && !server.child.killed) server.child.kill('SIGKILL');
  await Promise.all(started.map((server) => server.exited));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function launch(env: NodeJS.ProcessEnv): ServerProcess {
  const server = startServer(env);
  started.push(server);
  return server;
}

describe('scheduled workers with two real server processes', () => {
  it('runs the gateway re-check in exactly one process (PostgreSQL); when that one is killed the other takes over', async () => {
    if (!TEST_DATABASE_URL) return pgliteSecondProcess();
    const name = `parish_test_workers_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    });
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'parish-workers-')));
    cleanups.push(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

    /** The pids of the processes whose lock connection holds the gateway re-check's advisory lock. */
    const holders = async (): Promise<number[]> => {
      const result = await admin.query<{ application_name: string }>(
        `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND a.datname = $1 AND a.application_name LIKE $2`,
        [name, `${LOCK_NAME}%`],
      );
      return result.rows.map((row) => Number(row.application_name.slice(LOCK_NAME.length)));
    };

    const a = launch({ DATABASE_URL: url.toString(), DATA_DIR: dirs[0] });
    await expect.poll(() => RUNS_WORKER.test(a.output()), { timeout: 60_000, interval: 200 }).toBe(true);
    const b = launch({ DATABASE_URL: url.toString(), DATA_DIR: dirs[1] });
    await expect.poll(() => b.output().includes(READY), { timeout: 60_000, interval: 200 }).toBe(true);
    // B has tried the lock at its start (its lock connection is there) and does not run the worker.
    await expect
      .poll(
        async () =>
          (
            await admin.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`,
              [name, `${LOCK_NAME}${b.child.pid}`],
            )
          ).rows[0].n,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await holders()).toEqual([a.child.pid]);
    expect(RUNS_WORKER.test(b.output())).toBe(false);
    expect(a.output()).not.toMatch(/gateway re-check failed/);

    a.child.kill('SIGKILL');
    await a.exited;
    // B tries again every 15 s: it takes the worker over within that time.
    await expect.poll(() => RUNS_WORKER.test(b.output()), { timeout: 30_000, interval: 200 }).toBe(true);
    expect(await holders()).toEqual([b.child.pid]);
    expect(b.output()).not.toMatch(/gateway re-check failed/);

    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    expect(await holders()).toEqual([]);
  }, 120_000);
});

/** PGlite: a second process on the same data folder is refused, and starts once the first is killed. */
async function pgliteSecondProcess(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parish-workers-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const a = launch({ DATA_DIR: dir });
  await expect.poll(() => a.output().includes(READY), { timeout: 60_000, interval: 200 }).toBe(true);
  const refused = launch({ DATA_DIR: dir });
  expect(await refused.exited).toBe(1);
  expect(refused.output()).toContain(`is in use by process ${a.child.pid}`);

  a.child.kill('SIGKILL');
  await a.exited;
  const b = launch({ DATA_DIR: dir });
  await expect.poll(() => b.output().includes(READY), { timeout: 60_000, interval: 200 }).toBe(true);
  b.child.kill('SIGTERM');
  expect(await b.exited).toBe(0);
}
