import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PGLITE_RANDOM_PAGE_COST, type Database } from '../src/db/client.ts';
import { scratchPglite } from './test-database.ts';

/*
 * PGlite's planner costs (`src/db/client.ts`, decision 0061): a random page read costs about what
 * a sequential one does, so a member's few payments find their receipts by index, not by reading
 * every receipt of the parish. Tables of the same shape as payments and receipts, in the session
 * `openDatabase` prepared (migrations are not needed for the planner's choice).
 */

let database: Database;
let pglite: PGlite;

beforeAll(async () => {
  ({ pglite, database } = await scratchPglite(`
    create table receipts_shape (id uuid primary key, number text not null, total_paise bigint not null);
    create table payments_shape (
      id uuid primary key,
      member_id integer not null,
      receipt_id uuid references receipts_shape (id)
    );
    create index payments_shape_member on payments_shape (member_id);
    insert into receipts_shape
      select md5(i::text)::uuid, 'R' || i, i * 100 from generate_series(1, 1000) i;
    insert into payments_shape
      select md5('p' || i)::uuid, i % 300, case when i % 3 = 0 then md5((i % 1000 + 1)::text)::uuid end
      from generate_series(1, 3000) i;
  `));
});
afterAll(async () => {
  await database.close();
});

/** The plan of a member's payments with their receipts, as text. */
async function memberPaymentsPlan(): Promise<string> {
  const result = await pglite.query<{ 'QUERY PLAN': string }>(
    `explain select p.id, r.number from payments_shape p
       left join receipts_shape r on r.id = p.receipt_id
       where p.member_id = 7`,
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('PGlite planner costs', () => {
  it('are set on the session openDatabase opens', async () => {
    const result = await pglite.query<{ random_page_cost: string }>('show random_page_cost');
    expect(Number(result.rows[0]?.random_page_cost)).toBe(PGLITE_RANDOM_PAGE_COST);
  });

  it("find a member's receipts by index, where PostgreSQL's default cost reads them all", async () => {
    expect(await memberPaymentsPlan()).toMatch(/Index Scan using receipts_shape_pkey/);
    await pglite.exec('set random_page_cost = 4');
    try {
      expect(await memberPaymentsPlan()).toMatch(/Seq Scan on receipts_shape/);
    } finally {
      await pglite.exec(`set random_page_cost = ${PGLITE_RANDOM_PAGE_COST}`);
    }
  });
});
