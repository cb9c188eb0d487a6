import { sql } from 'drizzle-orm';

import { queryRows, type DbOrTx } from './client.ts';

/**
 * The global tables of the `public` schema: rows that belong to no one parish (`docs/parishes.md`,
 * "Global and per-parish tables"; migration 0024, decision 0124). Every other table is
 * parish-owned and keeps the rule {@link parishKeyViolations} checks. Drizzle's migrations journal
 * (`drizzle.__drizzle_migrations`) is global too; it lives in its own schema.
 * - `parishes`: the parishes themselves.
 * - `parish_hosts`: the host names a parish is found by (migration 0025): read before the request's
 *   parish is known, and a host names one parish across the deployment.
 * - `login_throttle`: sign-in failure counters; an address's budget is the whole deployment's, and
 *   account keys name ids unique across parishes.
 * - `backup_runs`: the backups of the whole database (one snapshot holds every parish).
 * - `diocese_staff`: the diocese's administrators (migration 0031, decision 0131): they belong to no
 *   parish and sign in before any parish is chosen.
 * - `diocese_levies`: what each parish owes the diocese (migration 0031, decision 0131): kept by the
 *   diocese, never by the parish (a parish must not set its own levy), read across parishes.
 */
export const GLOBAL_TABLES: readonly string[] = [
  'parishes',
  'parish_hosts',
  'login_throttle',
  'backup_runs',
  'diocese_staff',
  'diocese_levies',
];

/** The column that names a row's parish in every parish-owned table. */
export const PARISH_COLUMN = 'parish_id';

/**
 * Checks the rule a distributed engine (Citus, with `parish_id` as the distribution column) needs
 * of every parish-owned table (issue 28, item 9; `docs/parishes.md`, "Keys for a distributed
 * engine"): `parish_id` exists and is NOT NULL; the primary key includes it; every unique
 * constraint or unique index includes it as a column; every foreign key includes it and pairs it
 * with the parent's `parish_id`, or references `parishes`.
 * @param db the database (or transaction) to read `pg_catalog` of
 * @param globalTables the tables of the `public` schema left out ({@link GLOBAL_TABLES} by default)
 * @returns one sentence per violation (`table: what is wrong`), sorted; empty when the rule holds
 */
export async function parishKeyViolations(
  db: DbOrTx,
  globalTables: readonly string[] = GLOBAL_TABLES,
): Promise<string[]> {
  const rows = await queryRows<{ violation: string }>(
    db,
    sql`with t as (
          select c.oid, c.relname, a.attnum as parish_attnum, a.attnotnull as parish_not_null
          from pg_class c
          left join pg_attribute a on a.attrelid = c.oid and a.attname = ${PARISH_COLUMN} and not a.attisdropped
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
            and c.relname <> all(${sql.param([...globalTables])}::text[])
        )
        select t.relname || ': has no parish_id column' as violation from t where t.parish_attnum is null
        union all
        select t.relname || ': parish_id may be null' from t where t.parish_attnum is not null and not t.parish_not_null
        union all
        select t.relname || ': has no primary key' from t
         where not exists (select 1 from pg_constraint k where k.conrelid = t.oid and k.contype = 'p')
        union all
        select t.relname || ': unique index ' || i.indexrelid::regclass::text || ' lacks parish_id'
          from t join pg_index i on i.indrelid = t.oid and i.indisunique
         where t.parish_attnum is null or not (t.parish_attnum = any(i.indkey::int2[]))
        union all
        select t.relname || ': foreign key ' || k.conname || ' lacks parish_id'
          from t join pg_constraint k on k.conrelid = t.oid and k.contype = 'f'
         where t.parish_attnum is null or not (t.parish_attnum = any(k.conkey))
        union all
        select t.relname || ': foreign key ' || k.conname || ' does not pair parish_id with its parent''s'
          from t join pg_constraint k on k.conrelid = t.oid and k.contype = 'f'
          join pg_attribute pa on pa.attrelid = k.confrelid
                               and pa.attnum = k.confkey[array_position(k.conkey, t.parish_attnum)]
         where t.parish_attnum = any(k.conkey)
           and not (k.confrelid = 'public.parishes'::regclass and pa.attname = 'id')
           and pa.attname <> ${PARISH_COLUMN}
        order by 1`,
  );
  return rows.map((row) => row.violation);
}
