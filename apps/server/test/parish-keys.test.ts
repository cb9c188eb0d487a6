import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../src/db/client.ts';
import { GLOBAL_TABLES, parishKeyViolations } from '../src/db/parish-tables.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/*
 * Issue 28, item 9: every parish-owned table keeps the rule a distributed engine with parish_id as
 * its distribution column needs (`docs/parishes.md`, "Keys for a distributed engine";
 * `parishKeyViolations` in `src/db/parish-tables.ts`). Read from the catalogue of a freshly
 * migrated database, so a later migration that adds a table or a key without the parish fails here.
 */

let test: TestDatabase;

beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(async () => {
  await test.drop();
});

describe('every parish table carries its parish in its keys', () => {
  it('the migrated schema keeps the rule: parish_id NOT NULL, in every primary key, unique index and foreign key', async () => {
    expect(await parishKeyViolations(test.database.db)).toEqual([]);
    // The rule was checked on the tables that matter: most of the schema is parish-owned.
    const [counts] = await queryRows<{ parish: number; global: number }>(
      test.database.db,
      sql`select count(*) filter (where not (c.relname = any(${sql.param([...GLOBAL_TABLES])}::text[])))::int as parish,
                 count(*) filter (where c.relname = any(${sql.param([...GLOBAL_TABLES])}::text[]))::int as global
          from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
    );
    expect(counts?.global).toBe(GLOBAL_TABLES.length);
    expect(counts?.parish).toBeGreaterThanOrEqual(27);
  });

  it('the home parish exists, and a row written without a parish is the home parish’s', async () => {
    const parishes = await queryRows<{ id: number }>(test.database.db, sql`select id from parishes order by id`);
    expect(parishes).toEqual([{ id: 1 }]);
    const [row] = await queryRows<{ parish_id: number }>(
      test.database.db,
      sql`insert into payment_heads (name, amount_paise, type, year) values ('Keys test', 100, 'arrear', 2026)
          returning parish_id`,
    );
    expect(row?.parish_id).toBe(1);
  });

  it('the checker names each kind of violation on scratch tables, so the test above can fail', async () => {
    await test.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create table scratch_no_parish (id integer primary key, code text unique)`);
        await tx.execute(sql`create table scratch_nullable (parish_id integer, id integer, unique (parish_id, id))`);
        await tx.execute(
          sql`create table scratch_parent (parish_id integer not null references parishes (id), id integer not null,
              other integer not null, primary key (parish_id, id), unique (parish_id, other))`,
        );
        await tx.execute(
          sql`create table scratch_keys (
              parish_id integer not null references parishes (id),
              id integer not null,
              code text not null,
              other_parish integer not null,
              member_id uuid,
              parent_other integer,
              primary key (parish_id, id),
              unique (code),
              foreign key (other_parish, member_id) references members (parish_id, id),
              foreign key (parish_id, parent_other) references scratch_parent (other, parish_id)
            )`,
        );
        expect(await parishKeyViolations(tx)).toEqual([
          'scratch_keys: foreign key scratch_keys_other_parish_member_id_fkey lacks parish_id',
          "scratch_keys: foreign key scratch_keys_parish_id_parent_other_fkey does not pair parish_id with its parent's",
          'scratch_keys: unique index scratch_keys_code_key lacks parish_id',
          'scratch_no_parish: has no parish_id column',
          'scratch_no_parish: unique index scratch_no_parish_code_key lacks parish_id',
          'scratch_no_parish: unique index scratch_no_parish_pkey lacks parish_id',
          'scratch_nullable: has no primary key',
          'scratch_nullable: parish_id may be null',
        ]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
    expect(await parishKeyViolations(test.database.db)).toEqual([]);
  });
});
