import { sql } from 'drizzle-orm';

import { queryRows, type DbOrTx } from '../../db/client.ts';
import { GLOBAL_TABLES } from '../../db/parish-tables.ts';

/**
 * The per-parish tables as a parish move sees them (`docs/parishes.md`, "Moving a parish";
 * `docs/decisions/0127-parish-move.md`): read from the catalogue, so a table added by a later
 * migration moves with the parish without a change here.
 */

/**
 * The summary tables: built by the triggers on `payments` as the payments are inserted, so a move
 * copies none of their rows and checks the sums the triggers arrive at against the source's.
 */
export const SUMMARY_TABLES: readonly string[] = [
  'payment_head_status_summary',
  'collection_day_summary',
  'member_payment_summary',
  'rollup_month_summary',
];

/**
 * Tables written first: the parish's time zone (the summary triggers read it for a payment's day)
 * and its data versions (the version triggers upsert them while members and payments go in).
 */
const FIRST: readonly string[] = ['parish_timezone', 'parish_settings', 'data_versions'];

/** One per-parish table: its name, the columns a move copies, and the columns it sums. */
export interface ParishTable {
  name: string;
  /** Columns written on import: not generated, not filled by a sequence (those get new values). */
  columns: string[];
  /** `*_paise`, `count` and `*_count` columns: their sums are compared after an import. */
  summed: string[];
}

/**
 * The per-parish tables of the `public` schema (every table not in `GLOBAL_TABLES`) in foreign-key
 * order: a table comes after every table it references.
 * @throws Error when the foreign keys form a cycle (none do; a later migration that adds one must
 *   teach the move its order)
 */
export async function parishTablesInOrder(db: DbOrTx): Promise<ParishTable[]> {
  const columns = await queryRows<{ table: string; column: string; copied: boolean }>(
    db,
    sql`select c.relname as "table", a.attname as "column",
               (a.attgenerated = '' and a.attidentity = ''
                and coalesce(pg_get_expr(d.adbin, d.adrelid), '') not like 'nextval(%') as copied
          from pg_class c
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
         where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
           and c.relname <> all(${sql.param([...GLOBAL_TABLES])}::text[])
         order by c.relname, a.attnum`,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select distinct k.conrelid::regclass::text as child, k.confrelid::regclass::text as parent
          from pg_constraint k
         where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`,
  );
  const tables = new Map<string, ParishTable>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], summed: [] };
    if (row.copied) table.columns.push(row.column);
    if (/(^|_)(paise|count)$/.test(row.column)) table.summed.push(row.column);
    tables.set(row.table, table);
  }
  const parents = new Map<string, Set<string>>();
  for (const edge of edges) {
    const child = edge.child.replace(/^"|"$/g, '');
    const parent = edge.parent.replace(/^"|"$/g, '');
    if (tables.has(child) && tables.has(parent)) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const names = [...FIRST.filter((name) => tables.has(name)), ...[...tables.keys()].filter((n) => !FIRST.includes(n))];
  const ordered: ParishTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.find((name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)));
    if (!next)
      throw new Error('The per-parish tables reference each other in a cycle: a parish move cannot order them.');
    placed.add(next);
    ordered.push(tables.get(next) as ParishTable);
  }
  return ordered;
}

/** Double-quotes an SQL identifier (the catalogue's own names). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Each table's row count and the sums of its summed columns for one parish: what an export writes
 * in its header and what an import compares. Sums are exact decimal strings (bigint-safe).
 * @param parishId the parish (`parishes.id`)
 * @returns table name -> `{ count, sums: column -> sum }`
 */
export async function parishCounts(
  db: DbOrTx,
  tables: ParishTable[],
  parishId: number,
): Promise<Record<string, TableCounts>> {
  const out: Record<string, TableCounts> = {};
  for (const table of tables) {
    const sums = table.summed.map((c) => `coalesce(sum(${ident(c)}), 0)::text as ${ident(c)}`).join(', ');
    const [row] = await queryRows<Record<string, string>>(
      db,
      sql.raw(
        `select count(*)::text as "__count"${sums ? `, ${sums}` : ''} from ${ident(table.name)} where parish_id = ${Number(parishId)}`,
      ),
    );
    const { __count: count = '0', ...rest } = row ?? {};
    out[table.name] = { count: Number(count), sums: rest };
  }
  return out;
}

/** One table's row count and column sums (decimal strings) for one parish. */
export interface TableCounts {
  count: number;
  sums: Record<string, string>;
}
