import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { adminToken, freePort, post, startServer as startChildServer, waitUntilReady } from './child-server.ts';

/**
 * Crash safety of the embedded database (`docs/domain.md`, "RS-01"): the real server, as
 * `npm start` runs it, is killed with SIGKILL while writes are in flight, then started again on
 * the same data directory. Every write it had answered must be there. Always PGlite: the child
 * gets no DATABASE_URL. The restart's speed is a bench goal (`startupReady`), not asserted here.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parish-crash-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = (port: number) => startChildServer(port, { dataDir, started });

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
    // How quick a restart is, is measured by `npm run bench -- --only=startup` (goal `startupReady`),
    // not here: under a loaded test machine this took 17 s and 22 s and failed on time alone.
    // What the restart must not do is start over: the writes below prove the data directory was taken over.

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
