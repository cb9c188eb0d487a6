import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.ts';
import { systemContext } from '../src/context.ts';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { systemClock } from '../src/lib/clock.ts';
import { EventBus } from '../src/lib/events.ts';
import { BackupFileError, decodeBackup } from '../src/modules/backup/backup-file.ts';
import { lastBackup, writeBackup } from '../src/modules/backup/backup.service.ts';
import { restoreBackup } from '../src/modules/backup/restore.ts';
import { bearer, loginMember, loginStaff, TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME, testConfig } from './helpers.ts';

/**
 * Backup and restore (`docs/deploy.md`, "Backups" and "Restore"), and `npm run demo` on a database
 * that holds data: the demo parish is loaded by the real script into a data folder, backed up
 * (encrypted), restored into another folder, and the two compared table by table; receipts
 * reprint identically and every sign-in works on the restored copy.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
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
