import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { runAsOwner } from '../src/db/parish-scope.ts';
import os from 'node:os';
import path from 'node:path';

import { gunzipSync } from 'node:zlib';

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.ts';
import { MIGRATIONS_FOLDER, openDatabase, queryRows } from '../src/db/client.ts';
import { GLOBAL_TABLES } from '../src/db/parish-tables.ts';
import { latestKnownMigration } from '../src/db/release-check.ts';
import { bearer, loginMember, loginStaff, testConfig } from './helpers.ts';
import { replayOldRelease, type OldRelease } from './old-release.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * Safe upgrades (`docs/deploy.md`, "Upgrades"): today's code starts on a data folder written by
 * the schema as of commit 7e35530 and loses nothing; a database from a newer release is refused.
 * The fixture (`test/fixtures/upgrade-from-7e35530.*`, made by `scripts/make-upgrade-fixture.ts`)
 * holds that release's migrations and data as SQL; the test replays them into a fresh data folder
 * with that release's migrator (`old-release.ts`), closes it, and opens it with today's code.
 */
const fixture = path.join(import.meta.dirname, 'fixtures/upgrade-from-7e35530');
const expected = JSON.parse(readFileSync(`${fixture}.json`, 'utf8')) as {
  rows: Record<string, Record<string, unknown>[]>;
};

/** Timestamps compare as instants (to_jsonb writes them with the session's offset). */
function normalise(value: unknown): unknown {
  return typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? new Date(value).toISOString() : value;
}

describe('upgrading a data folder of commit 7e35530', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parish-upgrade-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('today’s migrations keep every row and value, and the parish works: sign-ins and receipts', async () => {
    const pgliteDir = path.join(dataDir, 'pglite');
    const release = JSON.parse(gunzipSync(readFileSync(`${fixture}.sql.json.gz`)).toString('utf8')) as OldRelease;
    const old = await replayOldRelease(release, pgliteDir);
    const [level] = (await old.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'))
      .rows;
    await old.close();
    // The folder stands at the old release's level, below today's.
    expect(level?.n).toBeLessThan(readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).length);
    const database = await openDatabase({ pgliteDir });
    try {
      for (const [table, rows] of Object.entries(expected.rows)) {
        const now = await queryRows<{ row: Record<string, unknown> }>(
          database.db,
          sql.raw(`SELECT to_jsonb(t) AS row FROM "${table}" t`),
        );
        expect(now.length, table).toBe(rows.length);
        for (const row of rows) {
          const match = now.find((candidate) =>
            Object.entries(row).every(
              ([column, value]) =>
                !(column in candidate.row) ||
                JSON.stringify(normalise(candidate.row[column])) === JSON.stringify(normalise(value)),
            ),
          );
          expect(match, `${table}: ${JSON.stringify(row)}`).toBeDefined();
          // Only columns dropped on purpose may be missing.
          const missing = Object.keys(row).filter((column) => !(column in (match?.row ?? {})));
          expect(missing, table).toEqual(table === 'payments' ? missing.filter((c) => c === 'receipt_number') : []);
        }
      }
      // Issue 28 (migration 0024): the old database became the home parish, named as its settings
      // said, and every old row is that parish's.
      const parishes = await queryRows<{ id: number; name: string }>(
        database.db,
        sql`SELECT id, name FROM parishes ORDER BY id`,
      );
      expect(parishes).toEqual([{ id: 1, name: expected.rows.parish_settings?.[0]?.name }]);
      for (const table of Object.keys(expected.rows).filter((name) => !GLOBAL_TABLES.includes(name))) {
        const [counts] = await queryRows<{ home: number; other: number }>(
          database.db,
          sql.raw(
            `SELECT count(*) FILTER (WHERE parish_id = 1)::int AS home,
                    count(*) FILTER (WHERE parish_id IS DISTINCT FROM 1)::int AS other FROM "${table}"`,
          ),
        );
        expect(counts, table).toEqual({ home: expected.rows[table]?.length, other: 0 });
      }
      const app = await buildApp({
        config: testConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Upgrade-Admin-1' }),
        database,
        logger: false,
      });
      try {
        const admin = await loginStaff(app, 'admin', 'Upgrade-Admin-1');
        await loginStaff(app, 'cashier', 'Upgrade-Cashier-1');
        await loginMember(app, 'KR001', 'Thom2345');
        const receipt = await app.inject({
          method: 'GET',
          url: '/api/payments/00000000-0000-4000-8000-000000000301/receipt',
          headers: bearer(admin.token),
        });
        expect(receipt.statusCode).toBe(200);
        expect(receipt.body).toContain('2026-27/000001');
        expect(receipt.body).toContain('Thomas Mathew');
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it('start-up refuses a database written by a newer release, with a clear message, and changes nothing', async () => {
    const test = await openTestDatabase();
    try {
      const future = latestKnownMigration(MIGRATIONS_FOLDER) + 86_400_000;
      // As a newer release's migration would: the owner writes the journal.
      await runAsOwner(async () => {
        await test.database.db.execute(
          sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-release', ${future})`,
        );
      });
      const url = (test.database.pool as unknown as { options?: { connectionString?: string } } | undefined)?.options
        ?.connectionString;
      const again = test.database.pglite
        ? openDatabase({ pglite: test.database.pglite })
        : openDatabase({ databaseUrl: url });
      await expect(again).rejects.toThrow(/newer release of Parish Dues/);
    } finally {
      await test.drop();
    }
  });
});
