import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { PGLITE_EXTENSIONS } from '../../../src/db/client.ts';
import { adminToken, freePort, post, startServer, waitUntilReady, type RunningServer } from '../../child-server.ts';
import { TEST_DATABASE_URL } from '../../test-database.ts';

/**
 * A member CSV import is all or nothing as users see it (`docs/domain.md`, §5 "Member CSV import";
 * decision 0049): the real server is killed with SIGKILL at five points of a 10,000-row import and
 * started again; the members list then holds 0 or 10,000 of the file's members, never a part, and
 * (PGlite) no row of the unfinished batch is left in the database. PGlite, or the PostgreSQL
 * server of `TEST_DATABASE_URL` (a database of its own).
 */

const ROWS = 10_000;
const TRIALS = 5;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parish-import-crash-'));
const started: ChildProcess[] = [];
let databaseUrl: string | undefined;
let databaseName: string | undefined;

async function withServerClient<T>(
  work: (client: pg.Client) => Promise<T>,
  connectionString = TEST_DATABASE_URL,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseName)
    await withServerClient((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
});

/** Runs SQL on the child's own PostgreSQL database. */
const withDatabase = <T>(work: (client: pg.Client) => Promise<T>) => withServerClient(work, databaseUrl);

/** The file of one trial: parish numbers `<prefix>X1`..`<prefix>X10000`, mobiles from `firstMobile`. */
function rows(prefix: string, firstMobile: number) {
  return Array.from({ length: ROWS }, (_, i) => ({
    name: `Import Member ${i + 1}`,
    mobile: `91${firstMobile + i}`,
    parishNumber: `${prefix}X${i + 1}`,
  }));
}

/**
 * How many members the list shows for a search (what users see), counted exactly: a page far past
 * the end (100 × 1,000) lifts the list's 1,000 cap on its count (`totalIsLowerBound`).
 */
async function listed(server: RunningServer, token: string, search: string): Promise<number> {
  const response = await fetch(`${server.url}/api/members?search=${search}&limit=100&page=1000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const list = (await response.json()) as { total: number; totalIsLowerBound: boolean };
  expect(list.totalIsLowerBound).toBe(false);
  return list.total;
}

async function start(): Promise<{ server: RunningServer; token: string; readyMs: number }> {
  const server = startServer(await freePort(), { dataDir, started, ...(databaseUrl && { databaseUrl }) });
  const readyMs = await waitUntilReady(server, performance.now(), 120_000);
  return { server, token: await adminToken(server), readyMs };
}

describe('a member import killed midway (SIGKILL)', () => {
  it(`shows 0 or ${ROWS} members after the restart, never a part, over ${TRIALS} trials`, async () => {
    if (TEST_DATABASE_URL) {
      databaseName = `parish_test_crash_${process.pid}`;
      await withServerClient((client) => client.query(`CREATE DATABASE ${databaseName}`));
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
    }
    let { server, token } = await start();

    // How long a whole import takes here, so that the kills fall inside one.
    const calibrationStarted = performance.now();
    const calibration = await post(server, '/api/members/bulk', { members: rows('CAL', 6_000_000_000) }, token);
    expect(calibration.status).toBe(200);
    const importMs = performance.now() - calibrationStarted;
    expect(await listed(server, token, 'calx')).toBe(ROWS);

    const outcomes: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const prefix = `K${String.fromCharCode(65 + trial)}`;
      // From a quarter of the way in to just after the answer (the last trial then finds every row).
      const killAfterMs = importMs * [0.25, 0.5, 0.75, 0.95, 1.2][trial]!;
      let answered = false;
      const request = post(server, '/api/members/bulk', { members: rows(prefix, 7_000_000_000 + trial * ROWS) }, token)
        .then((response) => (answered = response.status === 200))
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      server.child.kill('SIGKILL');
      await server.exited;
      await request;

      ({ server, token } = await start());
      const found = await listed(server, token, `${prefix.toLowerCase()}x`);
      outcomes.push(`kill at ${Math.round(killAfterMs)} ms: ${found} found${answered ? ' (answered first)' : ''}`);
      expect([0, ROWS]).toContain(found);
      if (answered) expect(found).toBe(ROWS);
    }
    console.info(
      `import-crash on ${databaseUrl ? 'postgres' : 'pglite'}: a ${ROWS}-row import takes ${Math.round(importMs)} ms; ` +
        outcomes.join('; '),
    );
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    if (databaseUrl) {
      // On PostgreSQL start-up removes only batches idle for 10 minutes (another process may be
      // writing one): let that time pass for the batches the kills left.
      await withDatabase((client) =>
        client.query(`update import_batches set heartbeat_at = now() - interval '1 hour' where finished_at is null`),
      );
    }
    ({ server, token } = await start());
    // The earlier imports are whole, and the numbers a killed import held are free again.
    expect(await listed(server, token, 'calx')).toBe(ROWS);
    const again = await post(server, '/api/members/bulk', { members: rows('KA', 7_000_000_000) }, token);
    expect(again.status).toBe(200);
    expect(await listed(server, token, 'kax')).toBe(ROWS);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    // Start-up removed every unfinished batch with its rows: nothing invisible is left behind.
    const leftoverSql = `select (select count(*)::int from import_batches where finished_at is null) as batches,
                                (select count(*)::int from members m join import_batches b on b.id = m.import_batch_id
                                  where b.finished_at is null) as rows`;
    if (databaseUrl) {
      expect((await withDatabase((client) => client.query(leftoverSql))).rows[0]).toEqual({ batches: 0, rows: 0 });
    } else {
      const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
      try {
        expect((await pglite.query(leftoverSql)).rows[0]).toEqual({ batches: 0, rows: 0 });
      } finally {
        await pglite.close();
      }
    }
  }, 600_000);
});
