import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { preparePgliteStatements } from '../src/db/pglite-prepared.ts';

/** Named prepared statements on PGlite (`src/db/pglite-prepared.ts`): same answers, planned once. */

const things = pgTable('things', {
  id: uuid().primaryKey(),
  name: text().notNull(),
  size: integer(),
  seenAt: timestamp({ withTimezone: true, mode: 'string' }),
});

let pglite: PGlite;
let db: ReturnType<typeof drizzle>;
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

beforeAll(async () => {
  pglite = await PGlite.create('memory://');
  await pglite.exec(`create table things (id uuid primary key, name text not null, size integer, seen_at timestamptz);
    insert into things values ('${A}', 'alpha', 1, '2026-01-02T03:04:05Z'), ('${B}', 'beta', null, null);`);
  db = drizzle({ client: pglite, casing: 'snake_case' });
  preparePgliteStatements(db, pglite);
});
afterAll(async () => {
  await pglite.close();
});

const byId = () =>
  db
    .select()
    .from(things)
    .where(eq(things.id, sql.placeholder('id')))
    .prepare('things_by_id');

describe('prepared statements on PGlite', () => {
  it('answer as the unprepared query does, parsing the statement once', async () => {
    const prepared = byId();
    const expected = [];
    for (const id of [A, B, A]) expected.push(await db.select().from(things).where(eq(things.id, id)));
    const calls = vi.spyOn(pglite, 'execProtocolStream');
    const statements = vi.spyOn(pglite, 'query');
    const answers = [];
    for (const id of [A, B, A]) answers.push(await prepared.execute({ id }));
    expect(answers).toEqual(expected);
    // One call to parse, then one a statement (PGlite's `query` makes six: parse, describe, bind...).
    expect(calls).toHaveBeenCalledTimes(4);
    // Each statement still passes through `query`, where a caller counting statements sees it.
    expect(statements).toHaveBeenCalledTimes(3);
    statements.mockRestore();
    calls.mockRestore();
    expect(await prepared.execute({ id: A })).toEqual([
      { id: A, name: 'alpha', size: 1, seenAt: '2026-01-02 03:04:05+00' },
    ]);
    expect(await prepared.execute({ id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it('survive a forgotten statement, a changed table and a failed execution', async () => {
    const prepared = byId();
    await pglite.exec('deallocate all');
    expect((await prepared.execute({ id: B }))[0]?.name).toBe('beta');
    await pglite.exec('alter table things add column extra text');
    expect((await prepared.execute({ id: B }))[0]?.name).toBe('beta');
    await expect(prepared.execute({ id: 'not-a-uuid' })).rejects.toThrow(/uuid/);
    expect((await prepared.execute({ id: A }))[0]?.name).toBe('alpha');
  });

  it('wait for a transaction in progress and see its outcome only once committed', async () => {
    const prepared = byId();
    let reading: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.update(things).set({ name: 'alpha 2' }).where(eq(things.id, A));
      reading = prepared.execute({ id: A });
      await tx.update(things).set({ name: 'alpha 3' }).where(eq(things.id, A));
    });
    expect(await reading).toEqual([expect.objectContaining({ name: 'alpha 3' })]);
  });
});
