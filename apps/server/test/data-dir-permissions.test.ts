import type { ChildProcess } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { tightenDataDir } from '../src/lib/data-dir-permissions.ts';
import { startServer, freePort, waitUntilReady } from './child-server.ts';

/*
 * Issue 27 item 19 (`docs/deploy.md`, "The data folder"): DATA_DIR and everything in it belong to
 * the owner only — created so (umask 077, folders 0700, files 0600), and an existing folder left
 * readable by others is tightened when the server starts, in one log line.
 */

const roots: string[] = [];
const started: ChildProcess[] = [];

function tempRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'parish-perms-'));
  roots.push(root);
  return root;
}

/** Every folder and file under `dir` (itself included) whose mode lets the group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return found;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('the data folder is the owner’s only', () => {
  it('a new DATA_DIR, its secret and the embedded database are created 0700 / 0600, whatever the umask was', async () => {
    process.umask(0o022); // the usual default, which made the folder 755 and the files 644
    const dataDir = path.join(tempRoot(), 'new', 'data');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(config.dataDir).toBe(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await database.close();
    expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(5);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 60_000);

  it('tightens an existing folder recursively: folders 0700, files 0600, executables 0700, links left alone', () => {
    const root = tempRoot();
    const dataDir = path.join(root, 'data');
    mkdirSync(path.join(dataDir, 'pglite', 'base', '1'), { recursive: true });
    mkdirSync(path.join(dataDir, 'backups'));
    const outside = path.join(root, 'outside.txt');
    writeFileSync(outside, 'not ours to change');
    chmodSync(outside, 0o644);
    for (const [file, mode] of [
      ['jwt-secret', 0o644],
      ['link-keys.before-restore-20261128T101010Z', 0o644],
      ['backups/parish-dues-20261101T203000Z-daily.pdbackup', 0o644],
      ['pglite/PG_VERSION', 0o644],
      ['pglite/base/1/1259', 0o664],
      ['pglite/tool', 0o755],
      ['pglite/already', 0o600],
      ['notes.txt', 0o644], // not Parish Dues': a DATA_DIR shared with other files leaves them alone
    ] as const) {
      writeFileSync(path.join(dataDir, file), 'x');
      chmodSync(path.join(dataDir, file), mode);
    }
    symlinkSync(outside, path.join(dataDir, 'pglite', 'link'));
    for (const dir of [dataDir, path.join(dataDir, 'pglite'), path.join(dataDir, 'pglite', 'base')])
      chmodSync(dir, 0o755);
    chmodSync(path.join(dataDir, 'pglite', 'base', '1'), 0o777);
    chmodSync(path.join(dataDir, 'backups'), 0o775);

    expect(tightenDataDir(dataDir)).toEqual({ changed: 11, failed: { count: 0, examples: [] } });
    expect(openToOthers(dataDir)).toEqual([`${path.join(dataDir, 'notes.txt')} 644`]);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pglite', 'base', '1'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'pglite', 'base', '1', '1259'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'pglite', 'tool'))).toBe(0o700);
    expect(modeOf(outside)).toBe(0o644); // the link is not followed
    expect(tightenDataDir(dataDir).changed).toBe(0); // a second start-up has nothing to do
  });

  it('never changes a shared folder with the sticky bit (DATA_DIR=/tmp), only what Parish Dues keeps in it', () => {
    const shared = path.join(tempRoot(), 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    writeFileSync(path.join(shared, 'jwt-secret'), 'x');
    chmodSync(path.join(shared, 'jwt-secret'), 0o644);
    writeFileSync(path.join(shared, 'someone-else.txt'), 'x');
    chmodSync(path.join(shared, 'someone-else.txt'), 0o644);
    loadConfig({ DATA_DIR: shared, LOG_LEVEL: 'silent' });
    expect(tightenDataDir(shared).changed).toBe(1);
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    expect(modeOf(path.join(shared, 'jwt-secret'))).toBe(0o600);
    expect(modeOf(path.join(shared, 'someone-else.txt'))).toBe(0o644);
  });

  it('the server tightens a data folder left readable at start-up and says so in one line', async () => {
    const dataDir = path.join(tempRoot(), 'data');
    const first = startServer(await freePort(), { dataDir, started });
    await waitUntilReady(first, performance.now(), 120_000);
    first.child.kill('SIGTERM');
    await first.exited;
    expect(openToOthers(dataDir)).toEqual([]);
    expect(first.output()).not.toContain('readable by other users');

    // As an older release (or a copy with cp -r under umask 022) left it.
    const loosen = (entry: string) => {
      const stat = lstatSync(entry);
      chmodSync(entry, stat.isDirectory() ? 0o755 : 0o644);
      if (stat.isDirectory()) for (const name of readdirSync(entry)) loosen(path.join(entry, name));
    };
    loosen(dataDir);
    const entries = openToOthers(dataDir).length;
    expect(entries).toBeGreaterThan(100);

    const second = startServer(await freePort(), { dataDir, started });
    await waitUntilReady(second, performance.now(), 120_000);
    second.child.kill('SIGTERM');
    await second.exited;
    expect(openToOthers(dataDir)).toEqual([]);
    const lines = second
      .output()
      .split('\n')
      .filter((line) => line.includes('readable by other users'));
    expect(lines).toHaveLength(1);
    const logged = JSON.parse(lines[0] ?? '{}') as { level: number; dataDir: string; changed: number };
    expect(logged).toMatchObject({ level: 40, dataDir });
    // Every loosened entry but the few the stopped server removed (its lock file) or PGlite replaced.
    expect(logged.changed).toBeGreaterThan(entries - 5);
    expect(logged.changed).toBeLessThanOrEqual(entries);
  }, 300_000);
});
