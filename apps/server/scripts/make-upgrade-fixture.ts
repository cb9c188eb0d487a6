/**
 * Makes `test/fixtures/upgrade-from-7e35530.sql.json.gz` and its `.json` (`test/upgrade.test.ts`;
 * `docs/deploy.md`, "Upgrades"): the schema as of commit 7e35530 — its migrations and journal,
 * read with `git show`, so this needs the repository's history — and the SQL that fills it with a
 * parish: staff, members, heads, pending and paid payments (with receipt numbers) and an online
 * transaction. The test replays both into a fresh PGlite data folder (the old release's migrator
 * and schema write it, as that release did), then starts today's code on it. This script replays
 * them too, and the `.json` lists every row as the old schema holds it, which the test expects to
 * find unchanged after today's migrations. (A data folder tar of the same was 4.7 MB, nearly all
 * of it PGlite's system catalogues; this file is a few kB.)
 * Run from the repository: `node --import tsx apps/server/scripts/make-upgrade-fixture.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { hashPassword } from '../src/lib/passwords.ts';
import { replayOldRelease, type OldRelease } from '../test/old-release.ts';

const COMMIT = '7e35530';
/** The tables of that schema whose rows the test compares. */
export const FIXTURE_TABLES = [
  'parish_settings',
  'staff_users',
  'members',
  'payment_heads',
  'payments',
  'receipt_counters',
  'transactions',
  'transaction_items',
  'audit_events',
] as const;

const root = path.resolve(import.meta.dirname, '../../..');
const out = path.join(root, 'apps/server/test/fixtures/upgrade-from-7e35530');

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parish-old-data-'));
  try {
    const files: Record<string, string> = {};
    for (const file of git('ls-tree', '--name-only', '-r', COMMIT, 'apps/server/drizzle/').trim().split('\n')) {
      if (file.endsWith('.sql') || file.endsWith('_journal.json')) {
        files[path.relative('apps/server/drizzle', file)] = git('show', `${COMMIT}:${file}`);
      }
    }
    const adminHash = await hashPassword('Upgrade-Admin-1');
    const cashierHash = await hashPassword('Upgrade-Cashier-1');
    const data = `
      INSERT INTO parish_settings (id, name, address, contact, updated_at)
        VALUES (1, 'St. Thomas Church, Kuravilangad', 'Kuravilangad, Kottayam', '0482 223 0000', '2026-04-01T04:30:00Z');
      INSERT INTO staff_users (id, username, name, role, password_hash, created_at, updated_at) VALUES
        ('00000000-0000-4000-8000-000000000001', 'admin', 'Fr. Joseph', 'admin', '${adminHash}', '2026-04-01T04:30:00Z', '2026-04-01T04:30:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'cashier', 'Mary Kutty', 'cashier', '${cashierHash}', '2026-04-01T04:30:00Z', '2026-04-01T04:30:00Z');
      INSERT INTO members (id, name, mobile, parish_number, email, address, password_hash, created_at, updated_at) VALUES
        ('00000000-0000-4000-8000-000000000101', 'Thomas Mathew', '919847012345', 'KR001', 'thomas@example.org', 'Kuravilangad', NULL, '2026-04-02T04:30:00Z', '2026-04-02T04:30:00Z'),
        ('00000000-0000-4000-8000-000000000102', 'ജോസഫ് വർഗീസ്', '919847055555', 'KR002', NULL, NULL, NULL, '2026-04-02T04:30:00Z', '2026-04-02T04:30:00Z'),
        ('00000000-0000-4000-8000-000000000103', 'Anna George', '919847066666', 'KR003', NULL, 'Pala', NULL, '2026-04-02T04:30:00Z', '2026-04-02T04:30:00Z');
      INSERT INTO payment_heads (id, name, description, amount_paise, type, year, due_date, created_at, updated_at) VALUES
        ('00000000-0000-4000-8000-000000000201', 'Annual Subscription 2026', 'Family subscription', 120000, 'current due', 2026, '2026-12-31', '2026-04-03T04:30:00Z', '2026-04-03T04:30:00Z'),
        ('00000000-0000-4000-8000-000000000202', 'Arrears 2025', '', 50000, 'arrear', 2025, '2025-12-31', '2026-04-03T04:30:00Z', '2026-04-03T04:30:00Z');
      INSERT INTO payments (id, member_id, payment_head_id, amount_paise, paid_amount_paise, status, year, due_date, paid_at,
                            transaction_id, payment_method, collection_mode, collected_by, receipt_number, created_at, updated_at) VALUES
        ('00000000-0000-4000-8000-000000000301', '00000000-0000-4000-8000-000000000101', '00000000-0000-4000-8000-000000000202',
         50000, 50000, 'paid', 2025, '2025-12-31', '2026-05-04T05:00:00Z', 'CASH-0001', 'cash', 'counter',
         '00000000-0000-4000-8000-000000000002', '2026-27/000001', '2026-04-03T04:30:00Z', '2026-05-04T05:00:00Z'),
        ('00000000-0000-4000-8000-000000000302', '00000000-0000-4000-8000-000000000101', '00000000-0000-4000-8000-000000000201',
         120000, NULL, 'pending', 2026, '2026-12-31', NULL, NULL, NULL, NULL, NULL, NULL, '2026-04-03T04:30:00Z', '2026-04-03T04:30:00Z'),
        ('00000000-0000-4000-8000-000000000303', '00000000-0000-4000-8000-000000000102', '00000000-0000-4000-8000-000000000201',
         120000, 120000, 'paid', 2026, '2026-12-31', '2026-06-10T06:00:00Z', 'WL-TXN-0001', 'upi', NULL,
         NULL, '2026-27/000002', '2026-04-03T04:30:00Z', '2026-06-10T06:00:00Z'),
        ('00000000-0000-4000-8000-000000000304', '00000000-0000-4000-8000-000000000103', '00000000-0000-4000-8000-000000000201',
         120000, NULL, 'pending', 2026, '2026-12-31', NULL, NULL, NULL, NULL, NULL, NULL, '2026-04-03T04:30:00Z', '2026-04-03T04:30:00Z');
      UPDATE payments SET payment_gateway = 'worldline', pg_transaction_id = 'WL-REF-0001'
        WHERE id = '00000000-0000-4000-8000-000000000303';
      INSERT INTO receipt_counters (financial_year, last_number) VALUES (2026, 2);
      INSERT INTO transactions (id, member_id, amount_paise, status, payment_gateway, transaction_id, pg_reference_id,
                                payment_method, status_code, created_at, updated_at, settled_at) VALUES
        ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000102', 120000, 'success', 'worldline',
         'WL-TXN-0001', 'WL-REF-0001', 'upi', '0300', '2026-06-10T05:58:00Z', '2026-06-10T06:00:00Z', '2026-06-10T06:00:00Z');
      INSERT INTO transaction_items (transaction_id, payment_id, amount_paise) VALUES
        ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000303', 120000);
      INSERT INTO audit_events (occurred_at, actor_type, actor_id, actor_name, action, entity_type, entity_id, after)
        VALUES ('2026-05-04T05:00:00Z', 'staff', '00000000-0000-4000-8000-000000000002', 'Mary Kutty',
                'payment.collected', 'payment', '00000000-0000-4000-8000-000000000301', '{"amount": "500.00"}');
    `;
    const release: OldRelease = { commit: COMMIT, migrations: files, data };
    const pglite = await replayOldRelease(release, path.join(dataDir, 'pglite'));
    const rows: Record<string, unknown[]> = {};
    for (const table of FIXTURE_TABLES) {
      rows[table] = (
        await pglite.query(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY 1::text, t::text`)
      ).rows.map((r) => (r as { row: unknown }).row);
    }
    await pglite.close();
    writeFileSync(`${out}.sql.json.gz`, gzipSync(JSON.stringify(release), { level: 9 }));
    writeFileSync(`${out}.json`, `${JSON.stringify({ commit: COMMIT, rows }, null, 1)}\n`);
    process.stdout.write(`Wrote ${path.relative(root, out)}.sql.json.gz and .json\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
