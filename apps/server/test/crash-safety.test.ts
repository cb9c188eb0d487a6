import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

/**
 * Crash safety of the embedded database (`docs/domain.md`, "RS-01"): the real server, as
 * `npm start` runs it, is killed with SIGKILL while writes are in flight, then started again on
 * the same data directory. Every write it had answered must be there. Always PGlite: the child
 * gets no DATABASE_URL.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/server.ts');
const ADMIN_PASSWORD = 'Crash-Test-Admin-Password';
/** Restarting on an existing data directory must be this quick (no initdb, no migration work). */
const RESTART_BUDGET_MS = 10_000;

interface RunningServer {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parish-crash-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function startServer(port: number): RunningServer {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Polls /api/health until it answers 200. @returns the milliseconds it took. */
async function waitUntilReady(server: RunningServer, since: number, timeoutMs = 60_000): Promise<number> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (performance.now() - since < timeoutMs) {
    if (exited) throw new Error(`server exited before it was ready:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
}

async function post(server: RunningServer, url: string, body: object, token?: string): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method: url === '/api/settings' ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
}

async function adminToken(server: RunningServer): Promise<string> {
  const response = await post(server, '/api/auth/admin/login', { username: 'admin', password: ADMIN_PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe('crash safety of the embedded database', () => {
  it('every write answered before a SIGKILL is there after the restart; a second server is refused', async () => {
    // First start: initdb, migrations, first admin.
    const first = startServer(await freePort());
    await waitUntilReady(first, performance.now(), 90_000);
    const token = await adminToken(first);

    // Writes in flight: four workers create staff accounts, one updates the settings in order.
    const acknowledgedUsers: string[] = [];
    let acknowledgedSettings = 0;
    let killed = false;
    const KILL_AFTER = 24;
    const kill = () => {
      if (!killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    };
    const userWorker = async (worker: number) => {
      for (let i = 0; !killed; i += 1) {
        const username = `crash-${worker}-${i}`;
        try {
          const response = await post(
            first,
            '/api/admin/users',
            { username, password: 'crash-password-123', name: `Crash ${worker} ${i}`, role: 'cashier' },
            token,
          );
          if (response.status !== 201) throw new Error(`unexpected ${response.status}: ${await response.text()}`);
          acknowledgedUsers.push(username);
          if (acknowledgedUsers.length >= KILL_AFTER) kill();
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const settingsWorker = async () => {
      for (let version = 1; !killed; version += 1) {
        try {
          const response = await post(
            first,
            '/api/settings',
            { name: `Parish v${version}`, address: '', contact: '', logoUrl: '' },
            token,
          );
          if (response.status !== 200) throw new Error(`unexpected ${response.status}: ${await response.text()}`);
          acknowledgedSettings = version;
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    await Promise.all([userWorker(1), userWorker(2), userWorker(3), userWorker(4), settingsWorker()]);
    const exit = await first.exited;
    expect(exit.signal).toBe('SIGKILL');
    expect(acknowledgedUsers.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledgedSettings).toBeGreaterThan(0);
    // The lock file of the killed process is left behind; the restart must take it over.
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(first.child.pid));

    // Restart on the same data directory.
    const restartedAt = performance.now();
    const second = startServer(await freePort());
    const restartMs = await waitUntilReady(second, restartedAt);
    console.log(
      `crash-safety: ${acknowledgedUsers.length} staff writes and ${acknowledgedSettings} settings writes ` +
        `acknowledged before SIGKILL; restart ready in ${Math.round(restartMs)} ms`,
    );
    expect(restartMs).toBeLessThan(RESTART_BUDGET_MS);

    // The token signed before the crash still verifies: the JWT secret lives in the data directory.
    const list = await fetch(`${second.url}/api/admin/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(list.status).toBe(200);
    const usernames = new Set(((await list.json()) as { items: { username: string }[] }).items.map((u) => u.username));
    const lost = acknowledgedUsers.filter((username) => !usernames.has(username));
    expect(lost, 'acknowledged writes lost in the crash').toEqual([]);

    // The settings are the last acknowledged version, or the one in flight at the kill.
    const settings = (await (await fetch(`${second.url}/api/settings`)).json()) as { name: string };
    expect([`Parish v${acknowledgedSettings}`, `Parish v${acknowledgedSettings + 1}`]).toContain(settings.name);

    // The database is whole: a restored account signs in, and new writes work.
    const signIn = await post(second, '/api/auth/admin/login', {
      username: acknowledgedUsers[0] ?? '',
      password: 'crash-password-123',
    });
    expect(signIn.status).toBe(200);
    const fresh = await post(
      second,
      '/api/admin/users',
      { username: 'after-restart', password: 'crash-password-123', name: 'After', role: 'cashier' },
      token,
    );
    expect(fresh.status).toBe(201);

    // A second server on the same data directory refuses to start while this one runs.
    const intruder = startServer(await freePort());
    const intruderExit = await intruder.exited;
    expect(intruderExit.code).toBe(1);
    expect(intruder.output()).toContain(`is in use by process ${second.child.pid}`);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);

    // A clean stop releases the lock.
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 180_000);
});
