import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the tar of a migrated, empty PGlite data directory; '' on PostgreSQL runs. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest global setup of the server project. PGlite's initdb costs several seconds, so it runs
 * once here: an in-memory PGlite with the schema's extensions is migrated and dumped to a tar in
 * the temporary directory, and every test database starts from that tar (`test-database.ts`).
 * On PostgreSQL runs (`TEST_DATABASE_URL`) there is nothing to prepare.
 * @returns the teardown, which deletes the tar.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return () => undefined;
  }
  const pglite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `parish-pglite-template-${randomBytes(6).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
