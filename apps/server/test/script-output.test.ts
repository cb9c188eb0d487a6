import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, describe, expect, it } from 'vitest';

import { addressToPrint, SERVER_ADDRESS_FILE } from '../src/lib/server-address.ts';
import { freePort, startServer, waitUntilReady } from './child-server.ts';

/*
 * Issue 27 item 23: what the commands print. `npm run admin:reset` (and `npm run demo`, through
 * the same `addressToPrint`) names the address the server answers at — its own PUBLIC_URL or PORT,
 * else the one the server recorded in the data folder — and a failed `npm run …` ends with its
 * reason, with none of npm's own error lines after it.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parish-script-output-'));
  dirs.push(dir);
  return dir;
}

/** The environment of a command run by hand: no PORT, PUBLIC_URL or database of the test run. */
function commandEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra };
  for (const name of ['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'TEST_DATABASE_URL', 'INIT_CWD']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

describe('the address a command prints', () => {
  it('is its own PUBLIC_URL or PORT, else the one the server recorded, else localhost:3000', () => {
    const dataDir = tempDir();
    const config = { dataDir, publicUrl: 'http://localhost:3000' };
    expect(addressToPrint(config, {})).toBe('http://localhost:3000');
    writeFileSync(path.join(dataDir, SERVER_ADDRESS_FILE), 'http://localhost:4123\n');
    expect(addressToPrint(config, {})).toBe('http://localhost:4123');
    expect(addressToPrint({ dataDir, publicUrl: 'http://localhost:5000' }, { PORT: '5000' })).toBe(
      'http://localhost:5000',
    );
    expect(
      addressToPrint({ dataDir, publicUrl: 'https://dues.example.org' }, { PUBLIC_URL: 'https://dues.example.org' }),
    ).toBe('https://dues.example.org');
    writeFileSync(path.join(dataDir, SERVER_ADDRESS_FILE), 'not an address\n');
    expect(addressToPrint(config, {})).toBe('http://localhost:3000');
  });

  it('npm run admin:reset names the running server’s port, or PORT, and a failure ends with its reason', async () => {
    const dataDir = tempDir();
    // The server as a parish runs it: PORT set for it alone, no PUBLIC_URL.
    const port = await freePort();
    const server = startServer(port, { dataDir, started });
    await waitUntilReady(server, performance.now(), 120_000);
    server.child.kill('SIGTERM');
    await server.exited;

    const script = path.join(root, 'apps/server/scripts/admin-reset.ts');
    const reset = (extra: Record<string, string> = {}) =>
      run(process.execPath, ['--import', 'tsx', script, '--username', 'admin'], {
        cwd: root,
        env: commandEnv(dataDir, extra),
      });
    // startServer sets PUBLIC_URL to its own address, which the server recorded.
    expect((await reset()).stdout).toContain(`Sign in at ${server.url}/admin/login`);
    expect((await reset({ PORT: '4123' })).stdout).toContain('Sign in at http://localhost:4123/admin/login');
    expect((await reset({ PUBLIC_URL: 'https://dues.example.org/' })).stdout).toContain(
      'Sign in at https://dues.example.org/admin/login',
    );

    // Through npm, as the README says to run it: the reason is the last line, npm adds no error lines.
    const failed = await run('npm', ['run', 'admin:reset', '--', '--username', 'nobody'], {
      cwd: root,
      env: commandEnv(dataDir),
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).not.toMatch(/npm (error|ERR!)/);
    const lines = `${failed?.stdout ?? ''}\n${failed?.stderr ?? ''}`.split('\n').filter((line) => line.trim() !== '');
    expect(failed?.stderr.trim().split('\n').at(-1)).toBe('No staff account with the username nobody');
    expect(lines.filter((line) => /npm/i.test(line) && !line.startsWith('>'))).toEqual([]);
  }, 300_000);
});
