import { sql } from 'drizzle-orm';
import { runAsOwner } from '../src/db/parish-scope.ts';
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
    // Tables are made by the owner, as the migrations make them (the app's role may not).
    await runAsOwner(() =>
      test.database.db
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
        }),
    );
    expect(await parishKeyViolations(test.database.db)).toEqual([]);
  });

  it('every key led by the parish has a plain index on what follows it, for lookups that do not name their parish yet (migration 0026)', async () => {
    // A key (parish_id, x, ...) whose x leads no other index: PostgreSQL before 18 has no skip scan, so a
    // lookup by x alone reads the whole table. Keys only ever used with their parish are listed.
    const usedWithTheirParish = [
      'parish_settings_pkey',
      'parish_timezone_pkey',
      'whatsapp_settings_pkey',
      'data_versions_pkey',
      'receipt_counters_financial_year_pk',
      'collection_day_summary_pkey',
      'collection_day_summary_key_uq',
      'payment_exceptions_source_key',
      'background_jobs_reminder_round_uq',
      // The new parish checklist's choices: read and written by parish and step only (decision 0132).
      'onboarding_choices_pkey',
      // The diocese's levies (global, decision 0131): every write and read names the parish.
      'diocese_levies_slot_year_uq',
      // The roll-up's month summary: its triggers and the roll-up always name the parish (decision 0133).
      'rollup_month_summary_pkey',
      // A member's sign-in code: read and written by member within the request's parish only (decision 0138).
      'member_sign_in_codes_pkey',
      // A receipt's WhatsApp document: queued and looked up by receipt within its parish only (decision 0141).
      'message_deliveries_receipt_uq',
      // A bank deposit's slip number per account: a write constraint; lookups go by slip number
      // alone (bank_deposits_slip_number_idx; decision 0147).
      'bank_deposits_slip_unique',
      // Bank reconciliation (decision 0149): accounts, presets, lines and matches are read and written
      // within the request's parish only.
      'bank_accounts_name_uq',
      'bank_accounts_pkey',
      'bank_preset_confirmations_pkey',
      'bank_statement_lines_pkey',
      'bank_statement_lines_identity_uq',
      'bank_matches_pkey',
      'bank_matches_receipt_uq',
      'bank_matches_deposit_uq',
      // Gateway settlements and the holiday list (decision 0151): fetched, imported, matched and read
      // within the request's (or the worker's) parish only.
      'bank_matches_settlement_uq',
      'gateway_settlements_pkey',
      'gateway_settlements_settlement_uq',
      'gateway_settlement_items_pkey',
      'gateway_settlement_items_entity_uq',
      'parish_holidays_pkey',
    ];
    const uncovered = await queryRows<{ key: string }>(
      test.database.db,
      sql`select k.indexrelid::regclass::text as key
          from pg_index k
          join pg_class c on c.oid = k.indrelid and c.relnamespace = 'public'::regnamespace
          join pg_attribute p on p.attrelid = c.oid and p.attname = 'parish_id'
          where k.indisunique and (k.indkey::int2[])[0] = p.attnum and k.indnatts > 1
            and not exists (
              select 1 from pg_index i
              where i.indrelid = k.indrelid and i.indexrelid <> k.indexrelid
                and (i.indkey::int2[])[0] = (k.indkey::int2[])[1]
                and ((k.indkey::int2[])[1] <> 0
                     or split_part(pg_get_indexdef(i.indexrelid, 1, true), ' ', 1)
                        = split_part(pg_get_indexdef(k.indexrelid, 2, true), ' ', 1)))
          order by 1`,
    );
    expect(uncovered.map((row) => row.key).filter((key) => !usedWithTheirParish.includes(key))).toEqual([]);
  });
});
