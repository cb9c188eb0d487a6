import { sql } from 'drizzle-orm';

import { queryRows, type Db } from './client.ts';

/*
 * The planner's table statistics on PGlite, which runs no autovacuum (one process, no background
 * workers; decision 0062). Without them every table stays "never analyzed" for good: the planner
 * guesses sizes from the file and selectivities from defaults, and dead rows are reclaimed only
 * where a page is pruned on the way. What the statistics were taken from is in the catalogue
 * (`pg_class.relpages`, kept with the data), so the rule below needs no bookkeeping of its own and
 * survives restarts, unlike PGlite's activity counters, which start from zero with each process.
 */

/** A table grown past this share of the pages its statistics were taken from is analyzed again. */
export const ANALYZE_GROWTH = 0.2;
/** ...and by more than this many pages (8 kB each), so small tables are not analyzed on every row. */
export const ANALYZE_MIN_PAGES = 16;

/** A table of the `public` schema with its size now and when its statistics were taken. */
export interface TableStatistics {
  table: string;
  /** Its main file's pages now (8 kB each). */
  pages: number;
  /** Pages when last analyzed or vacuumed (`pg_class.relpages`). */
  analyzedPages: number;
  /** Rows estimated then (`pg_class.reltuples`); -1 when never. */
  analyzedRows: number;
}

/**
 * The tables whose statistics are missing or stale: never analyzed though they hold data, or
 * grown by more than {@link ANALYZE_GROWTH} of their pages then and {@link ANALYZE_MIN_PAGES}.
 * @returns them, largest first
 */
export async function staleTables(db: Db): Promise<TableStatistics[]> {
  return queryRows<TableStatistics>(
    db,
    sql`select table_name as "table", pages, analyzed_pages as "analyzedPages", analyzed_rows as "analyzedRows"
        from (
          select c.relname as table_name,
                 (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
                 c.relpages as analyzed_pages,
                 c.reltuples::float8 as analyzed_rows
          from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        ) t
        where (analyzed_rows < 0 and pages > 0)
           or pages > analyzed_pages * ${1 + ANALYZE_GROWTH}::float8 + ${ANALYZE_MIN_PAGES}::int
        order by pages desc, table_name`,
  );
}

/**
 * ANALYZEs each stale table ({@link staleTables}), one statement a table, so the connection is free
 * between them.
 * @returns each table analyzed with the time it took, ms
 */
export async function analyzeStaleTables(db: Db): Promise<{ table: string; ms: number }[]> {
  const done: { table: string; ms: number }[] = [];
  for (const { table } of await staleTables(db)) {
    const started = performance.now();
    await db.execute(sql`analyze ${sql.identifier(table)}`);
    done.push({ table, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/**
 * VACUUMs and ANALYZEs every table of the `public` schema, one statement a table: reclaims the
 * dead rows, marks the pages all-visible (index-only scans) and takes fresh statistics.
 * @returns each table with the time it took, ms
 */
export async function vacuumTables(db: Db): Promise<{ table: string; ms: number }[]> {
  const tables = await queryRows<{ table: string }>(
    db,
    sql`select relname as "table" from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
  );
  const done: { table: string; ms: number }[] = [];
  for (const { table } of tables) {
    const started = performance.now();
    await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
    done.push({ table, ms: Math.round(performance.now() - started) });
  }
  return done;
}
