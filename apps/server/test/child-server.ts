import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

import { expect } from 'vitest';

/*
 * The real server as `npm start` runs it, in a child process, for the tests that kill it
 * (`crash-safety.test.ts`, `import-crash.test.ts`).
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/server.ts');

/** The first admin's password of every child server. */
export const CHILD_ADMIN_PASSWORD = 'Crash-Test-Admin-Password';

/** A child server and what it printed. */
export interface RunningServer {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
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

/**
 * Starts `src/server.ts` on `port` with its data in `dataDir`: PGlite, unless `databaseUrl` is
 * given. Every child started is added to `started`, so that the test can kill what is left.
 */
export function startServer(
  port: number,
  options: { dataDir: string; started: ChildProcess[]; databaseUrl?: string },
): RunningServer {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  Object.assign(env, {
    DATA_DIR: options.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: CHILD_ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
  });
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Polls /api/health until it answers 200. @returns the milliseconds it took. */
export async function waitUntilReady(server: RunningServer, since: number, timeoutMs = 60_000): Promise<number> {
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

/** POSTs (PUT for /api/settings) a JSON body, with the bearer token when given. */
export async function post(server: RunningServer, url: string, body: object, token?: string): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method: url === '/api/settings' ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
}

/** Signs the first admin in. @returns the access token. */
export async function adminToken(server: RunningServer): Promise<string> {
  const response = await post(server, '/api/auth/admin/login', { username: 'admin', password: CHILD_ADMIN_PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}
