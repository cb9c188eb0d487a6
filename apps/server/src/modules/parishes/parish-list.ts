import { asc } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { runInParish } from '../../db/parish-scope.ts';
import { parishes } from '../../db/schema/index.ts';

/**
 * The ids of every parish of the deployment, lowest first (the global table `parishes`, readable
 * by the app's role without a parish: decision 0128).
 * @throws the database's error
 */
export async function parishIdsOf(db: Db): Promise<number[]> {
  const rows = await db.select({ id: parishes.id }).from(parishes).orderBy(asc(parishes.id));
  return rows.map((row) => row.id);
}

/**
 * Runs `work` once in each parish (`runInParish`), one after another, lowest id first: what a
 * background worker does per parish (issue 28 item 1: workers are per parish). A parish whose work
 * fails is reported to `onError` (which may throw to stop the round) and the others still run.
 * @param onError called with the parish id and the error of a parish's failed run
 * @returns the number of parishes whose work succeeded
 */
export async function inEachParish(
  db: Db,
  work: (parishId: number) => Promise<unknown>,
  onError: (parishId: number, error: unknown) => void,
): Promise<number> {
  let succeeded = 0;
  for (const parishId of await parishIdsOf(db)) {
    try {
      await runInParish(parishId, () => work(parishId));
      succeeded += 1;
    } catch (error) {
      onError(parishId, error);
    }
  }
  return succeeded;
}
