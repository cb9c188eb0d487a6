import { LRUCache } from 'lru-cache';
import { sql, type SQL } from 'drizzle-orm';

import type { MemberListQuery, MemberSortField } from '@parish/shared';

import { queryRows, type Db } from '../../db/client.ts';
import { dataVersionSql } from '../../db/data-versions.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { memberVisible } from '../../db/import-batches.ts';
import { members } from '../../db/schema/index.ts';

/*
 * The member register's search index, in memory (issue 18; `docs/domain.md`, §12 "B1"; decision
 * 0059). A search the member list has not answered before cost 6-8 ms of PGlite's one connection (a
 * trigram or name-index walk for the page, another for the count), and ten office screens searching
 * at once waited for each other's statements. Here the database is read once per members data
 * version: every listed member's id and `search_text` in the default sort (name ascending; the
 * "base"), and for each other sort asked for, the members' positions in that sort as PostgreSQL
 * orders them (so the order is the database's collation, `nulls last`, id as tiebreak, exactly as
 * the SQL path). A search is then a substring test over the texts in sort order, in JavaScript, and
 * the page's 50 rows are read by id in one prepared statement, which also reads the data versions:
 * a page is only answered when they are the version the index was read under.
 */

/**
 * The most members the index holds: above it the member list searches in the database (about
 * 150 bytes a member: 15 MB at this size, and a read of 150 ms or so on PGlite; a diocese is
 * 20,000).
 */
export const MEMBER_INDEX_MAX = 100_000;

/** The member list's sort direction. */
type SortOrder = MemberListQuery['sortOrder'];

/** The sort columns of the member list, as their SQL expressions in the index statements. */
const SORT_SQL: Record<MemberSortField, SQL> = {
  name: sql`m.name`,
  parishNumber: sql`m.parish_number`,
  mobile: sql`m.mobile`,
  currentLocation: sql`m.current_location`,
  createdAt: sql`m.created_at`,
};

/** The members the list shows, at most `limit` of them (enough to tell there are more), as `m`. */
function listedMembersSql(limit: number): SQL {
  return sql`(select m.id, m.search_text, m.name, m.parish_number, m.mobile, m.current_location, m.created_at
                from ${members} m
               where m.is_active and ${memberVisible(sql`m.import_batch_id`)}
               limit ${limit}) m`;
}

/** One sort of the member list as an aggregate's ORDER BY (as the SQL path sorts: nulls last, id). */
function sortSql(sortBy: MemberSortField, sortOrder: SortOrder): SQL {
  return sql`${SORT_SQL[sortBy]} ${sql.raw(sortOrder === 'desc' ? 'desc' : 'asc')} nulls last, m.id`;
}

/** The key of a sort in {@link MemberIndex.orderings}. */
function sortKey(sortBy: MemberSortField, sortOrder: SortOrder): string {
  return `${sortBy}/${sortOrder}`;
}

/** One members data version's index: the listed members and the sorts read so far. */
export interface MemberIndex {
  /** The members data version every part of this index was read under. */
  version: string;
  /** Member ids (uuid text), in the list's default sort (name, ascending). */
  ids: string[];
  /** Each member's `search_text` (lower-cased name, mobile, parish number, location), same order. */
  texts: string[];
  /** Positions into `ids` in each sort's order, by `sortBy/sortOrder`. */
  orderings: Map<string, Int32Array>;
  /** Each id's position in `ids`, made when a second sort is read. */
  positions: Map<string, number> | null;
}

/** Per database and parish: the newest index read, and the reads under way (one per sort) that others await. */
interface IndexState {
  current: MemberIndex | null;
  loading: Map<string, Promise<MemberIndex | null>>;
}

/**
 * How many parishes' indexes a process keeps (issue 28, "Performance": the index is per parish and
 * must not grow with the number of parishes): the least recently used parish's index is dropped
 * past it, and read again (23-30 ms at 20,000 members) when that parish lists its members next.
 */
export const MEMBER_INDEX_PARISHES = 16;

/** Per database, per parish (`currentParishId()`; 0 for none): that parish's index state. */
const states = new WeakMap<Db, LRUCache<number, IndexState>>();

function stateOf(db: Db): IndexState {
  let perParish = states.get(db);
  if (!perParish) states.set(db, (perParish = new LRUCache({ max: MEMBER_INDEX_PARISHES })));
  const parishId = currentParishId() ?? 0;
  let state = perParish.get(parishId);
  if (!state) perParish.set(parishId, (state = { current: null, loading: new Map() }));
  return state;
}

/** How many parishes' member indexes this process holds for `db` (at most {@link MEMBER_INDEX_PARISHES}). */
export function memberIndexParishCount(db: Db): number {
  return states.get(db)?.size ?? 0;
}

/** A sort of the member list: its field and direction. */
type SortOf = { sortBy: MemberSortField; sortOrder: SortOrder };

/** The sort of a {@link sortKey}. */
function sortOfKey(key: string): SortOf {
  const [sortBy, sortOrder] = key.split('/') as [MemberSortField, SortOrder];
  return { sortBy, sortOrder };
}

/**
 * Reads the listed members' ids and search texts in the default sort, and the ids in each of
 * `sorts` besides, in one statement (one snapshot, with its members version): one wait for the
 * office screens asking at once after a member change, not one per sort (issue 31; decision 0155).
 * Measured at 20,000 members: 23-30 ms on PGlite for the default sort alone.
 * @param sorts the other sorts to read now (the ones the index held before the change)
 * @returns the new index, or null when more than `max` members are listed (or no version row).
 */
async function readBase(db: Db, max: number, sorts: readonly SortOf[] = []): Promise<MemberIndex | null> {
  const others = sorts.filter((sort) => sortKey(sort.sortBy, sort.sortOrder) !== sortKey('name', 'asc'));
  const orderColumns = others.map(
    (sort, at) =>
      sql`, string_agg(m.id::text, ',' order by ${sortSql(sort.sortBy, sort.sortOrder)}) as ${sql.identifier(`o${at}`)}`,
  );
  const [row] = await queryRows<
    { version: string | null; n: number; ids: string | null; texts: string[] | null } & Record<string, unknown>
  >(
    db,
    sql`select ${dataVersionSql.members} as version, count(*)::int as n,
               string_agg(m.id::text, ',' order by ${sortSql('name', 'asc')}) as ids,
               json_agg(m.search_text order by ${sortSql('name', 'asc')}) as texts
               ${sql.join(orderColumns, sql``)}
          from ${listedMembersSql(max + 1)}`,
  );
  if (!row?.version || Number(row.n) > max) return null;
  const ids = row.ids ? row.ids.split(',') : [];
  const index: MemberIndex = {
    version: row.version,
    ids,
    texts: row.texts ?? [],
    orderings: new Map([[sortKey('name', 'asc'), Int32Array.from(ids, (_, at) => at)]]),
    positions: null,
  };
  others.forEach((sort, at) => {
    const ordered = row[`o${at}`];
    index.positions ??= new Map(ids.map((id, position) => [id, position]));
    const positions = index.positions;
    index.orderings.set(
      sortKey(sort.sortBy, sort.sortOrder),
      Int32Array.from(typeof ordered === 'string' && ordered !== '' ? ordered.split(',') : [], (id) =>
        positions.get(id)!,
      ),
    );
  });
  return index;
}

/**
 * Reads one more sort of `index` (the ids in that order; 11-30 ms on PGlite at 20,000 members).
 * @returns the index, or null when the members version has moved on since it was read.
 */
async function readOrdering(db: Db, index: MemberIndex, sortBy: MemberSortField, sortOrder: SortOrder) {
  const [row] = await queryRows<{ version: string | null; ids: string | null }>(
    db,
    sql`select ${dataVersionSql.members} as version, string_agg(m.id::text, ',' order by ${sortSql(sortBy, sortOrder)}) as ids
          from ${listedMembersSql(index.ids.length + 1)}`,
  );
  if (row?.version !== index.version) return null;
  const ids = row.ids ? row.ids.split(',') : [];
  index.positions ??= new Map(index.ids.map((id, at) => [id, at]));
  const positions = index.positions;
  if (ids.length !== index.ids.length || !ids.every((id) => positions.has(id))) return null;
  index.orderings.set(
    sortKey(sortBy, sortOrder),
    Int32Array.from(ids, (id) => positions.get(id)!),
  );
  return index;
}

/** The key of a read of the whole index in {@link IndexState.loading}. */
const REBUILD = 'rebuild';

/**
 * The index read again ({@link readBase} with `sorts`), one read shared by every caller that finds
 * the index stale meanwhile, whatever sort it asks for.
 */
function rebuilt(state: IndexState, db: Db, max: number, sorts: readonly SortOf[]): Promise<MemberIndex | null> {
  let pending = state.loading.get(REBUILD);
  if (!pending) {
    pending = readBase(db, max, sorts).finally(() => state.loading.delete(REBUILD));
    state.loading.set(REBUILD, pending);
  }
  return pending;
}

/**
 * The index holding the sort `sortBy`/`sortOrder`, read again when it is older than `version`
 * (the members version a statement of this request read; null forces no read when an index
 * exists). Concurrent callers share one read per sort.
 * @param max the most members to index ({@link MEMBER_INDEX_MAX}; smaller in tests)
 * @returns the index, or null when the register is larger than `max` (the caller then searches in
 *   the database).
 */
export async function memberIndex(
  db: Db,
  sortBy: MemberSortField,
  sortOrder: SortOrder,
  version: string | null,
  max = MEMBER_INDEX_MAX,
): Promise<MemberIndex | null> {
  const state = stateOf(db);
  const key = sortKey(sortBy, sortOrder);
  const current = state.current;
  const fresh = current !== null && (version === null || current.version === version);
  if (fresh && current.orderings.has(key)) return current;
  let pending = state.loading.get(key);
  if (!pending) {
    pending = (async () => {
      // Read again with the sorts in use before the change: one statement for all of them.
      const sorts = [...new Set([...(current?.orderings.keys() ?? []), key])].map(sortOfKey);
      let index = fresh ? current : await rebuilt(state, db, max, sorts);
      if (index !== null && !index.orderings.has(key)) {
        index = (await readOrdering(db, index, sortBy, sortOrder)) ?? (await readBase(db, max));
        if (index !== null && !index.orderings.has(key)) index = await readOrdering(db, index, sortBy, sortOrder);
      }
      if (index !== null) state.current = index;
      return index;
    })().finally(() => state.loading.delete(key));
    state.loading.set(key, pending);
  }
  return pending;
}

/**
 * One page of a search over an index: the ids of the page's members in sort order, and how many
 * members match, counted up to `countUpTo` (then the count stops there).
 * @param search the lower-cased, trimmed search ('' for every member); a substring of
 *   `search_text`, as the SQL path's `like '%search%'`.
 * @param page 1-based; `limit` members a page.
 */
export function searchPage(
  index: MemberIndex,
  key: { sortBy: MemberSortField; sortOrder: SortOrder },
  search: string,
  page: number,
  limit: number,
  countUpTo: number,
): { ids: string[]; counted: number } {
  const ordering = index.orderings.get(sortKey(key.sortBy, key.sortOrder));
  if (!ordering) throw new Error(`member index without the sort ${key.sortBy}/${key.sortOrder}`);
  const skip = (page - 1) * limit;
  const ids: string[] = [];
  if (search === '') {
    for (let at = skip; at < Math.min(skip + limit, ordering.length); at += 1) ids.push(index.ids[ordering[at]!]!);
    return { ids, counted: Math.min(ordering.length, countUpTo) };
  }
  let matches = 0;
  const end = skip + limit;
  for (let at = 0; at < ordering.length && (matches < end || matches < countUpTo); at += 1) {
    const position = ordering[at]!;
    if (!index.texts[position]!.includes(search)) continue;
    if (matches >= skip && matches < end) ids.push(index.ids[position]!);
    matches += 1;
  }
  return { ids, counted: Math.min(matches, countUpTo) };
}
