import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The parishes one deployment serves (`docs/parishes.md`; migration 0024, decision 0124). A global
 * table: every parish-owned row names its parish in `parish_id`. The home parish, id 1, is the
 * parish of a one-parish install and of every row an older database held before the upgrade.
 */
export const parishes = pgTable('parishes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'string' }).defaultNow(),
});

/** The home parish's id: the parish of one-parish installs and of rows written without a request's parish. */
export const HOME_PARISH_ID = 1;

/**
 * The `parish_id` column of a parish-owned table: not null, referencing `parishes`, and defaulting
 * to the request's parish (`request_parish_id()`, the `app.parish_id` setting), else the home
 * parish. The fallback to 1 is transitional, until every request and worker sets its parish
 * (decision 0124). A new builder per call: one per table.
 * @param options `referencesParishes: false` for a table whose parish is already held by a
 *   composite foreign key of NOT NULL columns to a table that references `parishes` (only
 *   `payments`, through its member: migration 0051, decision 0160); default true
 * @returns the column builder, to put first in the table's columns
 */
export function parishIdColumn(options: { referencesParishes?: boolean } = {}) {
  const column = integer()
    .notNull()
    .default(sql`coalesce(request_parish_id(), 1)`);
  return options.referencesParishes === false ? column : column.references(() => parishes.id);
}

/**
 * The host names a parish is found by (migration 0025, decision 0125; `docs/parishes.md`): its own
 * domain or a subdomain of the diocese's. A global table: a host names exactly one parish, and it
 * is read before the request's parish is known. `host` is lower-case, without port or trailing dot
 * (a CHECK holds it to a plain DNS name); `created_at` is UTC. Read through `parishOfHost`
 * (`apps/server/src/modules/parishes/parish-hosts.ts`).
 */
export const parishHosts = pgTable('parish_hosts', {
  host: text().primaryKey(),
  parishId: integer()
    .notNull()
    .references(() => parishes.id),
  createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
