import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

import { PGLITE_EXTENSIONS } from '../src/db/client.ts';

/**
 * An older release's database as the upgrade fixture holds it (`scripts/make-upgrade-fixture.ts`,
 * `test/upgrade.test.ts`; `docs/deploy.md`, "Upgrades"): that release's migrations folder and the
 * SQL of its data.
 */
export interface OldRelease {
  /** The commit the migrations were read from. */
  commit: string;
  /** The release's `apps/server/drizzle` files by relative path: `NNNN_<tag>.sql` and `meta/_journal.json`. */
  migrations: Record<string, string>;
  /** INSERT statements for that schema. */
  data: string;
}

/**
 * Writes the old release's database into a new PGlite data folder the way that release did: its
 * own migrations through drizzle's migrator (so `drizzle.__drizzle_migrations` stands at its
 * level), then its data.
 * @param pgliteDir an empty or missing folder
 * @returns the open PGlite; the caller closes it
 */
export async function replayOldRelease(release: OldRelease, pgliteDir: string): Promise<PGlite> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'parish-old-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    for (const [file, text] of Object.entries(release.migrations)) writeFileSync(path.join(folder, file), text);
    const pglite = await PGlite.create(pgliteDir, { extensions: PGLITE_EXTENSIONS });
    await migrate(drizzle({ client: pglite }), { migrationsFolder: folder });
    await pglite.exec(release.data);
    return pglite;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
