/**
 * Side-by-side timing of the ways one batch of the account-head import (1,000 new members x 20
 * heads) could write its payments (decision 0160), on one database, alternating, each in a
 * transaction rolled back, as parish_app under the row policies: what each foreign key, trigger
 * and clause of the insert costs. Run by hand: `node --import tsx
 * apps/server/scripts/bench/import-variants.ts pglite|postgres`. Prints the median ms per variant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../../src/db/client.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = 1000;
const HEADS = 20;
const REPS = Number(process.env.VARIANT_REPS ?? 5);

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const INSERT = `insert into payments (member_id, payment_head_id, amount_paise, year, due_date)
  select * from unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::int[], $5::date[])`;
const CONFLICT = ` on conflict (parish_id, member_id, payment_head_id) do nothing
  returning member_id::text as member_id, payment_head_id::text as payment_head_id`;

/** A variant: DDL run as the owner inside the transaction first (rolled back with it), then the insert. */
interface Variant {
  name: string;
  setup: string[];
  text: string;
}

/** Puts back the key migration 0051 dropped, for the "before" variants. */
const PARISH_FK =
  'alter table payments add constraint payments_parish_id_parishes_id_fk foreign key (parish_id) references parishes (id)';

const VARIANTS: Variant[] = [
  { name: 'before: parish FK, on conflict + returning', setup: [PARISH_FK], text: INSERT + CONFLICT },
  { name: 'parish FK, plain insert', setup: [PARISH_FK], text: INSERT },
  { name: 'after: plain insert, no parish FK', setup: [], text: INSERT },
  {
    name: 'after, summary triggers disabled',
    setup: [
      'alter table payments disable trigger payments_summaries_ins',
      'alter table payments disable trigger payments_summary_rollup_ins',
    ],
    text: INSERT,
  },
  {
    name: 'after, 3 nullable FKs dropped',
    setup: [
      'alter table payments drop constraint payments_collected_by_staff_users_id_fk',
      'alter table payments drop constraint payments_conceded_by_staff_users_id_fk',
      'alter table payments drop constraint payments_receipt_id_receipts_id_fk',
    ],
    text: INSERT,
  },
  {
    name: 'after, as the owner (no row policy)',
    setup: ['reset role'],
    text: INSERT.replace('(member_id,', '(parish_id, member_id,').replace('select *', 'select 1, *'),
  },
];

async function main(): Promise<void> {
  const engine = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), `parish-variants-${engine}-`));
  const dbName = `parish_variants_${process.pid}`;
  const serverDbUrl = engine === 'postgres' ? SERVER_URL.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  if (engine === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
  }
  let database: Database | undefined;
  let client: pg.Client | undefined;
  try {
    database =
      engine === 'pglite'
        ? await openDatabase({
            pglite: await PGlite.create(path.join(tmpDir, 'pglite'), { extensions: PGLITE_EXTENSIONS }),
          })
        : await openDatabase({ databaseUrl: serverDbUrl });
    let query: Query;
    if (engine === 'pglite') {
      const lite = database.pglite!;
      query = (text, params) => lite.query(text, params) as Promise<{ rows: Record<string, unknown>[] }>;
    } else {
      client = new pg.Client({ connectionString: serverDbUrl });
      await client.connect();
      const c = client;
      query = (text, params) => c.query(text, params);
    }
    await query(`select set_config('app.parish_id', '1', false)`);
    const heads: { id: string; year: number }[] = [];
    for (let h = 0; h < HEADS; h += 1) {
      const { rows } = await query(
        `insert into payment_heads (name, amount_paise, type, year, due_date) values ($1, 10000, 'current due', 2026, '2026-06-30') returning id::text as id`,
        [`Head ${h}`],
      );
      heads.push({ id: String(rows[0]!.id), year: 2026 });
    }
    // A first committed batch, so that the indexes are not empty.
    let serial = 0;
    const memberBatch = async () => {
      const names: string[] = [];
      const mobiles: string[] = [];
      const numbers: string[] = [];
      for (let m = 0; m < MEMBERS; m += 1) {
        serial += 1;
        names.push(`Member ${serial}`);
        mobiles.push(`91${String(9_000_000_000 + serial)}`);
        numbers.push(`V${String(serial).padStart(6, '0')}`);
      }
      const started = performance.now();
      const { rows } = await query(
        `insert into members (name, mobile, parish_number, password_hash, password_is_initial)
         select n, m, p, null, true from unnest($1::text[], $2::text[], $3::text[]) as t(n, m, p)
         returning id::text as id`,
        [names, mobiles, numbers],
      );
      return { ids: rows.map((row) => String(row.id)), ms: performance.now() - started };
    };
    const cellsOf = (ids: string[]) => {
      const memberIds: string[] = [];
      const headIds: string[] = [];
      const amounts: number[] = [];
      const years: number[] = [];
      const dueDates: string[] = [];
      for (const id of ids) {
        for (const head of heads) {
          memberIds.push(id);
          headIds.push(head.id);
          amounts.push(10000);
          years.push(head.year);
          dueDates.push('2026-06-30');
        }
      }
      return [memberIds, headIds, amounts, years, dueDates];
    };
    for (let warm = 0; warm < 3; warm += 1) {
      await query('begin');
      await query('set local role parish_app');
      const { ids } = await memberBatch();
      await query(INSERT, cellsOf(ids));
      await query('commit');
    }
    const times = new Map<string, number[]>();
    const memberTimes: number[] = [];
    for (let rep = 0; rep < REPS; rep += 1) {
      for (const variant of VARIANTS) {
        await query('begin');
        for (const statement of variant.setup.filter((s) => s !== 'reset role')) await query(statement);
        if (!variant.setup.includes('reset role')) await query('set local role parish_app');
        const { ids, ms } = await memberBatch();
        memberTimes.push(ms);
        const params = cellsOf(ids);
        const started = performance.now();
        await query(variant.text, params);
        const list = times.get(variant.name) ?? [];
        list.push(performance.now() - started);
        times.set(variant.name, list);
        await query('rollback');
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    process.stdout.write(`\n${engine}: one batch, ${MEMBERS} members x ${HEADS} heads, median of ${REPS}\n`);
    process.stdout.write(`${median(memberTimes).toFixed(0).padStart(6)} ms  members insert (1,000)\n`);
    for (const [name, list] of times) {
      process.stdout.write(
        `${median(list).toFixed(0).padStart(6)} ms  ${name}  (${list.map((v) => v.toFixed(0)).join(' ')})\n`,
      );
    }
  } finally {
    await client?.end();
    await database?.close();
    rmSync(tmpDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
