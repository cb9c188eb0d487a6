import { readFileSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import { queryRows, type Db } from './query.ts';

/**
 * Start-up refuses a database written by a newer release (`docs/deploy.md`, "Upgrades"): Drizzle's
 * migrator applies the journal's migrations newer than the database's latest, and would silently
 * run this older code on a schema it does not know. A database whose latest applied migration is
 * newer than this release's latest (the journal's `when`, which Drizzle stores as `created_at`)
 * is refused with {@link NewerDatabaseError}.
 */

/** The message start-up stops with; names both migration times. */
export class NewerDatabaseError extends Error {}

/** The `when` (ms since 1970) of the newest migration this release has. */
export function latestKnownMigration(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Throws when the database holds a migration newer than this release knows.
 * A database without Drizzle's journal (a new one) passes.
 * @throws NewerDatabaseError
 */
export async function refuseNewerDatabase(db: Db, migrationsFolder: string): Promise<void> {
  const [journal] = await queryRows<{ exists: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  if (!journal?.exists) return;
  const [row] = await queryRows<{ latest: string | null }>(
    db,
    sql`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`,
  );
  const latest = Number(row?.latest ?? 0);
  const known = latestKnownMigration(migrationsFolder);
  if (latest > known) {
    throw new NewerDatabaseError(
      'This database was written by a newer release of Parish Dues (its latest migration is from ' +
        `${new Date(latest).toISOString()}, this release knows migrations up to ${new Date(known).toISOString()}). ` +
        'Nothing was changed. Run the newer release again, or restore a backup taken with this release ' +
        '(docs/deploy.md, "Upgrades").',
    );
  }
}
