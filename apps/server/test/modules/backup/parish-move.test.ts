import { execFile } from 'node:child_process';
import { runInParish } from '../../../src/db/parish-scope.ts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, queryRows, type Database, type DbOrTx } from '../../../src/db/client.ts';
import { decodeBackup, encodeBackup, readBackupHeader } from '../../../src/modules/backup/backup-file.ts';
import { exportParish, importParish, PARISH_MAGIC } from '../../../src/modules/backup/parish-move.ts';
import { parishCounts, parishTablesInOrder } from '../../../src/modules/backup/parish-tables-catalog.ts';
import { insertHead, insertPayment, sortedLines } from '../../factories.ts';
import { createMember, createTestApp, loginAs, type TestApp } from '../../helpers.ts';

/**
 * A parish leaves and arrives (issue 28 item 8; `docs/parishes.md`, "Moving a parish"): the source
 * parish (members, heads, paid and pending payments, receipts, a reversal) is exported and
 * imported (a) into a fresh embedded database, where it fills the empty home parish, and (b) from
 * there into a deployment whose home parish has data, where it becomes parish 2. On PostgreSQL
 * runs (TEST_DATABASE_URL) the source and (b) are PostgreSQL and (a) is embedded, so the parish
 * crosses engines both ways.
 */
const PASSPHRASE = 'a long parish passphrase';

let source: TestApp;
let target: TestApp;
let fresh: Database;

/** A parish's member_payment_summary as sorted lines (member id and every number). */
function memberSummary(db: DbOrTx, parishId: number): Promise<string[]> {
  // Read in that parish (the test's own statements are otherwise the home parish's, under its policy).
  return runInParish(parishId, () =>
    sortedLines(
      db,
      sql`select member_id, total_count, paid_count, unpaid_count, assigned_paise, paid_paise, unpaid_paise,
                 arrear_unpaid_paise, current_unpaid_paise, misc_unpaid_paise, concession_paise, waived_count
            from member_payment_summary where parish_id = ${parishId}`,
    ),
  );
}

/** Every table's count and sums of one parish, summary row counts and data versions left out. */
async function countsOf(db: DbOrTx, parishId: number) {
  const counts = await runInParish(parishId, async () => parishCounts(db, await parishTablesInOrder(db), parishId));
  delete counts.data_versions;
  for (const name of ['payment_head_status_summary', 'collection_day_summary', 'member_payment_summary'])
    counts[name] = { count: -1, sums: counts[name]?.sums ?? {} };
  return counts;
}

async function seed(t: TestApp, payments: number): Promise<void> {
  const admin = await loginAs(t.app, 'admin');
  const head = await insertHead(t.db, { amountPaise: 120_050 });
  const arrear = await insertHead(t.db, { amountPaise: 50_000, type: 'arrear', year: 2025 });
  for (let i = 0; i < payments; i += 1) {
    const member = await createMember(t.app);
    const due = await insertPayment(t.db, member, head);
    await insertPayment(t.db, member, arrear);
    if (i % 2 === 0) {
      const collected = await t.app.inject({
        method: 'POST',
        url: `/api/payments/${due.id}/collect`,
        headers: admin.headers,
        payload: { collectionAmount: 1200.5, paymentMethod: 'cash', notes: `Sunday ${i}` },
      });
      expect(collected.statusCode).toBe(200);
    }
    if (i === 2) {
      const reversed = await t.app.inject({
        method: 'PUT',
        url: `/api/payments/${due.id}/reverse`,
        headers: admin.headers,
        payload: { reason: 'wrong_amount' },
      });
      expect(reversed.statusCode).toBe(200);
    }
  }
}

beforeAll(async () => {
  source = await createTestApp();
  target = await createTestApp();
  fresh = await openDatabase({ pgliteDir: 'memory://' });
  await seed(source, 6);
  await seed(target, 2);
}, 120_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
  await fresh?.close();
});

describe('a parish moves: export one parish, import it elsewhere', () => {
  let fromFresh: Buffer;

  it('fills the empty home parish of a fresh embedded install, counts, sums and summaries equal', async () => {
    const file = await exportParish(source.database, 1, PASSPHRASE);
    expect(file.bytes.subarray(0, PARISH_MAGIC.length).toString()).toBe(PARISH_MAGIC);
    expect(file.header.tables.payments?.count).toBe(12);
    expect(file.header.tables.receipts?.count).toBe(3);
    expect(file.header.tables.receipt_items?.count).toBeGreaterThanOrEqual(3);
    expect(() => readBackupHeader(file.bytes)).toThrow(/not a Parish Dues backup/); // npm run restore refuses it
    await expect(importParish(fresh, file.bytes, undefined)).rejects.toThrow(/BACKUP_PASSPHRASE/);
    await expect(importParish(fresh, file.bytes, 'a wrong passphrase')).rejects.toThrow(/passphrase is wrong/);
    const result = await importParish(fresh, file.bytes, PASSPHRASE);
    expect(result).toMatchObject({ parishId: 1, filledHome: true });
    expect(await countsOf(fresh.db, 1)).toEqual(await countsOf(source.db, 1));
    expect(await memberSummary(fresh.db, 1)).toEqual(await memberSummary(source.db, 1));
    expect(await memberSummary(fresh.db, 1)).toHaveLength(6);
    fromFresh = (await exportParish(fresh, 1, undefined)).bytes;
  }, 120_000);

  it('becomes parish 2 beside a home parish with data, which stays as it was', async () => {
    const homeBefore = await countsOf(target.db, 1);
    const summaryBefore = await memberSummary(target.db, 1);
    const result = await importParish(target.database, fromFresh, undefined);
    expect(result).toMatchObject({ parishId: 2, filledHome: false });
    expect(await countsOf(target.db, 2)).toEqual(await countsOf(source.db, 1));
    expect(await memberSummary(target.db, 2)).toEqual(await memberSummary(source.db, 1));
    expect(await countsOf(target.db, 1)).toEqual(homeBefore);
    expect(await memberSummary(target.db, 1)).toEqual(summaryBefore);
  }, 120_000);

  it('refuses the same parish imported twice, and writes nothing', async () => {
    const before = await queryRows<{ n: number }>(target.db, sql`select count(*)::int as n from parishes`);
    const members = await queryRows<{ n: number }>(target.db, sql`select count(*)::int as n from members`);
    await expect(importParish(target.database, fromFresh, undefined)).rejects.toThrow(/imported here before/);
    expect(await queryRows(target.db, sql`select count(*)::int as n from parishes`)).toEqual(before);
    expect(await queryRows(target.db, sql`select count(*)::int as n from members`)).toEqual(members);
  }, 120_000);

  it('refuses a tampered file (one amount changed) by its sums check', async () => {
    const file = await exportParish(source.database, 1, undefined);
    const inner = file.bytes.subarray(PARISH_MAGIC.length + 1);
    const { header, payload } = await decodeBackup(inner, undefined);
    const text = gunzipSync(payload).toString('utf8');
    const tampered = text.replace(/"amount_paise": 120050/, '"amount_paise": 120051');
    expect(tampered).not.toBe(text);
    const { sha256: _s, bytes: _b, encryption: _e, secrets: _x, ...plain } = header;
    const forged = Buffer.concat([
      Buffer.from(`${PARISH_MAGIC}\n`),
      await encodeBackup(plain, gzipSync(Buffer.from(tampered)), undefined, null),
    ]);
    const other = await createTestApp();
    try {
      await expect(importParish(other.database, forged, undefined)).rejects.toThrow(/does not match the file/);
      expect(await queryRows(other.db, sql`select count(*)::int as n from members`)).toEqual([{ n: 0 }]);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('refuses a file of another migration level, saying which side to upgrade', async () => {
    const file = await exportParish(source.database, 1, undefined);
    const inner = file.bytes.subarray(PARISH_MAGIC.length + 1);
    const { header } = readBackupHeader(inner);
    const { payload } = await decodeBackup(inner, undefined);
    const { sha256: _s, bytes: _b, encryption: _e, secrets: _x, ...plain } = header;
    const newer = Buffer.concat([
      Buffer.from(`${PARISH_MAGIC}\n`),
      await encodeBackup({ ...plain, migrations: plain.migrations + 1 }, payload, undefined, null),
    ]);
    await expect(importParish(target.database, newer, undefined)).rejects.toThrow(/upgrade this deployment first/);
  });
});

describe('npm run parish:export and parish:import', () => {
  it('move a parish between two embedded data folders, encrypted, and print what they did', async () => {
    const run = promisify(execFile);
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'parish-move-cli-'));
    try {
      mkdirSync(path.join(dir, 'a'));
      // Seeded in the home parish, as the server would write it.
      const from = await openDatabase({ pgliteDir: path.join(dir, 'a', 'pglite'), scope: { fallbackParish: 1 } });
      const head = await insertHead(from.db, { amountPaise: 99_999 });
      const [member] = await queryRows<{ id: string }>(
        from.db,
        sql`insert into members (name, mobile, parish_number) values ('Cli Member', '9847000001', 'CLI1') returning id`,
      );
      await insertPayment(from.db, member ?? { id: '' }, head);
      await from.close();
      const { DATABASE_URL: _url, ...withoutDatabaseUrl } = process.env;
      const script = (name: string, data: string, args: string[]) =>
        run(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/scripts', name), ...args], {
          cwd: root,
          env: {
            ...withoutDatabaseUrl,
            DATA_DIR: path.join(dir, data),
            BACKUP_PASSPHRASE: PASSPHRASE,
            LOG_LEVEL: 'silent',
            INIT_CWD: dir,
          },
        });
      const exported = await script('parish-export.ts', 'a', ['1', 'p.pdparish']);
      expect(exported.stdout).toMatch(/^Parish 1 \(.*\) written to .*p\.pdparish: \d+ rows, .* MB, encrypted, in/);
      const imported = await script('parish-import.ts', 'b', ['p.pdparish']);
      expect(imported.stdout).toMatch(/imported as parish 1 \(the empty home parish of this install\)/);
      const to = await openDatabase({ pgliteDir: path.join(dir, 'b', 'pglite') });
      try {
        expect(await queryRows(to.db, sql`select sum(amount_paise)::int as s from payments`)).toEqual([{ s: 99_999 }]);
      } finally {
        await to.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
