import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { systemContext } from '../../../src/context.ts';
import { decodeBackup } from '../../../src/modules/backup/backup-file.ts';
import { pruneDailyBackups } from '../../../src/modules/backup/backup.service.ts';
import { latestBackupSlot, runDailyBackupIfDue } from '../../../src/workers/daily-backup.ts';
import { createTestApp, expectError, loginAs, type TestApp } from '../../helpers.ts';
import { readFileSync } from 'node:fs';

/**
 * The daily backup and the last backup's time (`docs/deploy.md`, "Backups"): due once after each
 * 02:00 parish time, on PGlite (dumpDataDir) and PostgreSQL (pg_dump), copied to BACKUP_COPY_DIR,
 * pruned to BACKUP_KEEP, and shown by `/api/health` and `GET /api/backups/latest` (admin only).
 */
describe('daily backups and the last backup', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parish-backups-'));
  const copyDir = mkdtempSync(path.join(os.tmpdir(), 'parish-backups-copy-'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { DATA_DIR: dataDir, BACKUP_KEEP: '2', BACKUP_COPY_DIR: copyDir },
      now: '2026-11-22T19:00:00.000Z', // 00:30 on 23/11 in Kolkata: the latest 02:00 was on 22/11
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
  });

  it('the latest 02:00 in the parish time zone', () => {
    expect(latestBackupSlot(new Date('2026-11-22T19:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-21T20:30:00.000Z',
    );
    expect(latestBackupSlot(new Date('2026-11-22T20:30:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-22T20:30:00.000Z',
    );
  });

  it('takes one daily backup per 02:00, copies it, keeps BACKUP_KEEP, and reports the last one', async () => {
    const ctx = systemContext(t.app.deps);
    const admin = await loginAs(t.app, 'admin');
    const before = await t.app.inject({ method: 'GET', url: '/api/backups/latest', headers: admin.headers });
    expect(before.json()).toEqual({ last: null, keep: 2, copyDirSet: true, passphraseSet: false });

    const first = await runDailyBackupIfDue(ctx);
    expect(first).not.toBeNull();
    expect(await runDailyBackupIfDue(ctx)).toBeNull(); // not due again before the next 02:00
    const { header } = await decodeBackup(readFileSync(first ?? ''), undefined);
    expect(header.engine).toBe(t.engine);
    expect(header.migrations).toBeGreaterThan(5);

    for (const hours of [24, 24]) {
      t.clock.advance(hours * 3_600_000);
      expect(await runDailyBackupIfDue(ctx)).not.toBeNull();
    }
    const kept = readdirSync(path.join(dataDir, 'backups')).filter((name) => name.endsWith('.pdbackup'));
    expect(kept).toHaveLength(2);
    expect(readdirSync(copyDir).filter((name) => name.endsWith('.pdbackup'))).toEqual(kept);

    const adminAgain = await loginAs(t.app, 'admin'); // two days later: a new session
    const latest = await t.app.inject({ method: 'GET', url: '/api/backups/latest', headers: adminAgain.headers });
    expect(latest.statusCode).toBe(200);
    const body = latest.json<{ last: { takenAt: string; kind: string; copied: boolean; bytes: number } }>();
    expect(body.last).toMatchObject({ takenAt: t.clock.now().toISOString(), kind: 'daily', copied: true });
    expect(body.last.bytes).toBeGreaterThan(1000);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json<{ lastBackupAt: string }>().lastBackupAt).toBe(t.clock.now().toISOString());

    const cashier = await loginAs(t.app, 'cashier');
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/backups/latest', headers: cashier.headers }),
      403,
      'FORBIDDEN',
    );
  }, 120_000);

  it('pruning leaves manual backups and other files alone', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'parish-prune-'));
    try {
      for (const name of [
        'parish-dues-20261101T203000Z-daily.pdbackup',
        'parish-dues-20261102T203000Z-daily.pdbackup',
        'parish-dues-20261103T203000Z-daily.pdbackup',
        'parish-dues-20261101T100000Z-manual.pdbackup',
        'notes.txt',
      ]) {
        writeFileSync(path.join(dir, name), 'x');
      }
      expect(pruneDailyBackups(dir, 1)).toEqual([
        'parish-dues-20261101T203000Z-daily.pdbackup',
        'parish-dues-20261102T203000Z-daily.pdbackup',
      ]);
      expect(readdirSync(dir).sort()).toEqual([
        'notes.txt',
        'parish-dues-20261101T100000Z-manual.pdbackup',
        'parish-dues-20261103T203000Z-daily.pdbackup',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
