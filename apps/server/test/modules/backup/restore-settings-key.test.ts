import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { systemContext } from '../../../src/context.ts';
import { openDatabase, queryRows, type Database } from '../../../src/db/client.ts';
import { systemClock } from '../../../src/lib/clock.ts';
import { EventBus } from '../../../src/lib/events.ts';
import { sealText } from '../../../src/lib/secret-box.ts';
import { settingsKeyOf } from '../../../src/lib/settings-key.ts';
import { writeBackup } from '../../../src/modules/backup/backup.service.ts';
import { restoreBackup } from '../../../src/modules/backup/restore.ts';
import { testConfig } from '../../helpers.ts';

/**
 * A restore on a server whose SETTINGS_KEY is not the one the parish secrets were sealed with
 * (issue 28 item 4, decision 0130): everything is restored, the secrets sealed under the other key
 * are cleared and named for re-entry, nothing else changes; with the same key nothing is cleared.
 */
const SOURCE_KEY = settingsKeyOf('the settings key of the server the backup came from');
const OTHER_KEY = settingsKeyOf('a new server’s settings key, not the backup’s one');

/** Every table of `public` but parish_credentials and backup_runs → a digest of its rows. */
async function otherTables(database: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'
        AND tablename NOT IN ('backup_runs', 'parish_credentials') ORDER BY 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ digest: string | null }>(
      database.db,
      sql.raw(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`),
    );
    digests[name] = row?.digest ?? '';
  }
  return digests;
}

describe('restore without the settings key', () => {
  const source = mkdtempSync(path.join(os.tmpdir(), 'parish-secrets-src-'));
  const targets: string[] = [];
  let backupFile = '';
  let before: Record<string, string> = {};

  beforeAll(async () => {
    const database = await openDatabase({ pgliteDir: path.join(source, 'pglite') });
    try {
      await database.db.execute(sql`INSERT INTO parishes (name) VALUES ('St. B')`);
      const rows = [
        { parish: 1, field: 'razorpayKeyId', value: 'rzp_live_homeparish1', sealed: false },
        { parish: 1, field: 'razorpayKeySecret', value: sealText(SOURCE_KEY.key, 'home-key-secret'), sealed: true },
        { parish: 2, field: 'whatsappPhoneNumberId', value: '2000002', sealed: false },
        { parish: 2, field: 'whatsappAccessToken', value: sealText(SOURCE_KEY.key, 'b-token'), sealed: true },
      ];
      for (const row of rows) {
        await database.db.execute(sql`
          INSERT INTO parish_credentials (parish_id, field, value, sealed, key_id)
          VALUES (${row.parish}, ${row.field}, ${row.value}, ${row.sealed}, ${row.sealed ? SOURCE_KEY.id : null})`);
      }
      const config = testConfig({ DATA_DIR: source });
      const deps = { config, database, db: database.db, clock: systemClock, events: new EventBus(), log: console };
      backupFile = (await writeBackup(systemContext(deps), { kind: 'manual' })).file;
      before = await otherTables(database);
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(() => {
    for (const dir of [source, ...targets]) rmSync(dir, { recursive: true, force: true });
  });

  async function restoreWith(key: typeof SOURCE_KEY) {
    const target = mkdtempSync(path.join(os.tmpdir(), 'parish-secrets-dst-'));
    targets.push(target);
    const pgliteDir = path.join(target, 'pglite');
    const result = await restoreBackup(
      { databaseUrl: undefined, pgliteDir, settingsKey: key },
      { file: backupFile, force: false, passphrase: undefined },
    );
    return { result, pgliteDir };
  }

  it('names the secrets to re-enter, clears only them, and restores everything else', async () => {
    const { result, pgliteDir } = await restoreWith(OTHER_KEY);
    expect(result.reenter).toEqual([
      { parishId: 1, field: 'razorpayKeySecret', label: 'Razorpay key secret' },
      { parishId: 2, field: 'whatsappAccessToken', label: 'WhatsApp access token' },
    ]);
    const copy = await openDatabase({ pgliteDir });
    try {
      expect(await otherTables(copy)).toEqual(before);
      const rows = await queryRows<{ field: string; value: string; needs_reentry: boolean }>(
        copy.db,
        sql`SELECT field, value, needs_reentry FROM parish_credentials ORDER BY parish_id, field`,
      );
      expect(rows).toEqual([
        { field: 'razorpayKeyId', value: 'rzp_live_homeparish1', needs_reentry: false },
        { field: 'razorpayKeySecret', value: '', needs_reentry: true },
        { field: 'whatsappAccessToken', value: '', needs_reentry: true },
        { field: 'whatsappPhoneNumberId', value: '2000002', needs_reentry: false },
      ]);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('with the same key clears nothing', async () => {
    const { result } = await restoreWith(SOURCE_KEY);
    expect(result.reenter).toEqual([]);
  }, 120_000);
});
