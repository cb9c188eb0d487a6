import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../../src/app.ts';
import { systemContext } from '../../../src/context.ts';
import { openDatabase, queryRows, type Database } from '../../../src/db/client.ts';
import { systemClock } from '../../../src/lib/clock.ts';
import { EventBus } from '../../../src/lib/events.ts';
import { BackupFileError, decodeBackup, encodeBackup } from '../../../src/modules/backup/backup-file.ts';
import { lastBackup, writeBackup } from '../../../src/modules/backup/backup.service.ts';
import { restoreBackup } from '../../../src/modules/backup/restore.ts';
import { backupRequestDir } from '../../../src/workers/daily-backup.ts';
import { adminToken, freePort, post, startServer, waitUntilReady, type RunningServer } from '../../child-server.ts';
import {
  bearer,
  loginMember,
  loginStaff,
  TEST_ADMIN_PASSWORD,
  TEST_ADMIN_USERNAME,
  testConfig,
} from '../../helpers.ts';

/**
 * Backup and restore (`docs/deploy.md`, "Backups" and "Restore"), and `npm run demo` on a database
 * that holds data: the demo parish is loaded by the real script into a data folder, backed up
 * (encrypted), restored into another folder, and the two compared table by table; receipts
 * reprint identically and every sign-in works on the restored copy.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../..');
const PASSPHRASE = 'a long parish passphrase';

function scriptEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_USERNAME: TEST_ADMIN_USERNAME,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    INIT_CWD: root,
  };
}

function runScript(script: string, dataDir: string, args: string[] = [], extra: Record<string, string> = {}) {
  const { DATABASE_URL: _ignored, ...env } = { ...scriptEnv(dataDir), ...extra };
  return run(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/scripts', script), ...args], {
    cwd: root,
    env,
  });
}

/** Every table of `public` (but backup_runs, written after the snapshot) → a digest of its rows. */
async function tableDigests(database: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'backup_runs' ORDER BY 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; digest: string | null }>(
      database.db,
      sql.raw(`SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`),
    );
    digests[name] = `${row?.n}:${row?.digest}`;
  }
  return digests;
}

async function appOn(database: Database, dataDir: string): Promise<FastifyInstance> {
  const config = testConfig({ DATA_DIR: dataDir });
  return buildApp({ config, database, logger: false });
}

async function receipt(app: FastifyInstance, token: string, paymentId: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/payments/${paymentId}/receipt`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  // The receipt page's script nonce differs on every answer; everything else must be the same.
  return response.body.replace(/nonce-[\w+/=]+|nonce="[^"]*"/g, 'nonce');
}

describe('backup and restore of the demo parish (PGlite)', () => {
  const source = mkdtempSync(path.join(os.tmpdir(), 'parish-backup-src-'));
  const target = mkdtempSync(path.join(os.tmpdir(), 'parish-backup-dst-'));
  let backupFile = '';

  beforeAll(async () => {
    await runScript('demo.ts', source);
  }, 240_000);

  afterAll(() => {
    rmSync(source, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  });

  it('npm run demo on a database that holds data changes nothing and says how to start over', async () => {
    const refused = await runScript('demo.ts', source).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('is not empty (300 members, 6 payment heads');
    expect(refused?.stderr).toContain('npm run demo -- --reset');
    const withoutYes = await runScript('demo.ts', source, ['--reset']).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(withoutYes?.code).toBe(1);
    expect(withoutYes?.stderr).toContain('add --yes');
  }, 120_000);

  it('an encrypted backup restores elsewhere with every table equal, receipts reprinted identically and sign-ins working', async () => {
    const original = await openDatabase({ pgliteDir: path.join(source, 'pglite') });
    const config = testConfig({ DATA_DIR: source, BACKUP_PASSPHRASE: PASSPHRASE });
    const deps = {
      config,
      database: original,
      db: original.db,
      clock: systemClock,
      events: new EventBus(),
      log: console,
    };
    const result = await writeBackup(systemContext(deps), { kind: 'manual' });
    backupFile = result.file;
    expect(result.encrypted).toBe(true);
    expect(path.dirname(result.file)).toBe(path.join(source, 'backups'));
    expect((await lastBackup({ db: original.db }))?.fileName).toBe(path.basename(result.file));
    const before = await tableDigests(original);
    expect(Object.keys(before).length).toBeGreaterThan(10);

    const file = readFileSync(backupFile);
    await expect(decodeBackup(file, undefined)).rejects.toThrow(BackupFileError);
    await expect(decodeBackup(file, 'the wrong passphrase')).rejects.toThrow('The passphrase is wrong');
    const tampered = Buffer.from(file);
    tampered[tampered.length - 40] = (tampered[tampered.length - 40] ?? 0) ^ 1;
    await expect(decodeBackup(tampered, PASSPHRASE)).rejects.toThrow(BackupFileError);

    const pgliteDir = path.join(target, 'pglite');
    const restored = await restoreBackup(
      { databaseUrl: undefined, pgliteDir },
      { file: backupFile, force: false, passphrase: PASSPHRASE },
    );
    expect(restored.header.engine).toBe('pglite');
    await expect(
      restoreBackup({ databaseUrl: undefined, pgliteDir }, { file: backupFile, force: false, passphrase: PASSPHRASE }),
    ).rejects.toThrow('is not empty');

    const copy = await openDatabase({ pgliteDir });
    try {
      expect(await tableDigests(copy)).toEqual(before);
      const paid = await queryRows<{ id: string }>(
        original.db,
        sql`SELECT id FROM payments WHERE status = 'paid' ORDER BY paid_at DESC, id LIMIT 3`,
      );
      expect(paid).toHaveLength(3);
      const originalApp = await appOn(original, source);
      const copyApp = await appOn(copy, target);
      try {
        const originalAdmin = await loginStaff(originalApp, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
        const copyAdmin = await loginStaff(copyApp, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
        for (const { id } of paid) {
          expect(await receipt(copyApp, copyAdmin.token, id)).toBe(await receipt(originalApp, originalAdmin.token, id));
        }
        await loginStaff(copyApp, 'cashier', 'cashier-demo-1');
        await loginMember(copyApp, '9847012345', 'Thom2345');
        await loginMember(copyApp, 'SM001', 'Thom2345');
      } finally {
        await originalApp.close();
        await copyApp.close();
      }
    } finally {
      await copy.close();
      await original.close();
    }
  }, 240_000);

  it('npm run restore refuses a file that is not a backup, and a data folder that is not empty without --force', async () => {
    const bogus = path.join(target, 'not-a-backup.pdbackup');
    writeFileSync(bogus, 'hello');
    const notBackup = await runScript('restore.ts', mkdtempSync(path.join(os.tmpdir(), 'parish-restore-')), [
      bogus,
    ]).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(notBackup?.stderr).toContain('This is not a Parish Dues backup file.');
    const full = await runScript('restore.ts', target, [backupFile], { BACKUP_PASSPHRASE: PASSPHRASE }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(full?.code).toBe(1);
    expect(full?.stderr).toContain('add --force');
  }, 120_000);
});

/*
 * Issue 27 items 17 and 20, through the real commands and a real server process:
 * - `npm run backup` while the server runs hands the server the key of that one file, derived from
 *   the command's BACKUP_PASSPHRASE, and the server (started without one) writes it encrypted
 *   (`docs/decisions/0070-backup-through-the-running-server-encrypts.md`);
 * - the backup carries the link keys, encrypted with the rest; `npm run restore` into a fresh data
 *   folder (another JWT secret, as on a new machine) writes them, and a payment link made before
 *   the backup opens on the restored server (`docs/decisions/0071-backups-carry-the-link-keys.md`).
 */
describe('npm run backup while the server runs, and the links after a restore on a new machine', () => {
  const source = mkdtempSync(path.join(os.tmpdir(), 'parish-live-backup-src-'));
  const target = mkdtempSync(path.join(os.tmpdir(), 'parish-live-backup-dst-'));
  const started: ChildProcess[] = [];

  afterAll(() => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(source, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  });

  it('a file written before backups carried the link keys still opens, without them', async () => {
    const header = {
      engine: 'pglite' as const,
      takenAt: '2026-11-01T00:00:00.000Z',
      appVersion: '0.1.0',
      migrations: 9,
    };
    const payload = Buffer.from('the database');
    for (const passphrase of [undefined, PASSPHRASE]) {
      const opened = await decodeBackup(await encodeBackup(header, payload, passphrase, null), passphrase);
      expect(opened.secrets).toBeNull();
      expect(opened.payload.equals(payload)).toBe(true);
    }
  });

  async function running(dataDir: string): Promise<RunningServer> {
    const server = startServer(await freePort(), { dataDir, started });
    await waitUntilReady(server, performance.now(), 120_000);
    return server;
  }

  async function stop(server: RunningServer): Promise<void> {
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }

  it('encrypts with the command’s passphrase, leaves no key behind, and a pay link made before opens after the restore', async () => {
    const server = await running(source);
    const token = await adminToken(server);
    const created = await post(
      server,
      '/api/members',
      { name: 'Thomas Mathew', mobile: '9847012345', parishNumber: 'LK1' },
      token,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { _id: memberId } = (await created.json()) as { _id: string };
    const linkAnswer = await fetch(`${server.url}/api/members/${memberId}/whatsapp-link`, { headers: bearer(token) });
    expect(linkAnswer.status).toBe(200);
    const payPath = new URL(((await linkAnswer.json()) as { payLink: string }).payLink).pathname;
    expect((await fetch(`${server.url}/api${payPath}`)).status).toBe(200);

    // The server has no BACKUP_PASSPHRASE; the command has one.
    const { stdout } = await runScript('backup.ts', source, [], { BACKUP_PASSPHRASE: PASSPHRASE });
    expect(stdout).toContain('by the running server');
    expect(stdout).toContain(', encrypted');
    const file = /Backup written by the running server: (.+)\n/.exec(stdout)?.[1] ?? '';
    const bytes = readFileSync(file);
    await expect(decodeBackup(bytes, undefined)).rejects.toThrow('This backup is encrypted');
    const { secrets } = await decodeBackup(bytes, PASSPHRASE);
    expect(secrets?.publicUrl).toBe(server.url);
    // The link keys are inside the encrypted body, never in clear.
    for (const key of Object.values(secrets?.linkKeys ?? {})) {
      expect(key).toMatch(/^[\w-]{43}$/);
      expect(bytes.includes(Buffer.from(key))).toBe(false);
      expect(bytes.includes(Buffer.from(key, 'base64url'))).toBe(false);
    }
    // The request that carried the file's key is gone.
    expect(readdirSync(backupRequestDir(source))).toEqual([]);
    await stop(server);

    // A new machine: a fresh data folder, whose JWT secret is another one.
    const restored = await runScript('restore.ts', target, [file], { BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restored.stdout).toContain('Payment and receipt links sent before the backup keep working');
    expect(restored.stdout).toContain(`Those links name ${server.url}`);
    expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).not.toBe(
      readFileSync(path.join(source, 'jwt-secret'), 'utf8'),
    );
    const copy = await running(target);
    try {
      const view = await fetch(`${copy.url}/api${payPath}`);
      expect(view.status, await view.clone().text()).toBe(200);
      expect(((await view.json()) as { firstName: string }).firstName).toBe('Thomas');
      // A tampered link still does not open.
      const tampered = payPath.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      expect((await fetch(`${copy.url}/api${tampered}`)).status).toBe(404);
    } finally {
      await stop(copy);
    }
  }, 300_000);
});
