import { sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { lastBackup } from '../backup/backup.service.ts';

/** The version reported by the health check and the API docs. */
export const APP_VERSION = '0.1.0';

/** The answer of the health check: both fields 'ok', or both 'error' when the database does not answer. */
export type Health =
  | { status: 'ok'; db: 'ok'; version: string; lastBackupAt: string | null }
  | { status: 'error'; db: 'error'; version: string };

/**
 * Liveness and database check: one `select 1` on `ctx.db`, and the latest backup's time.
 * @returns `{status:"ok", db:"ok", version, lastBackupAt}` (ISO UTC or null, `docs/deploy.md`, "Backups"), or `{status:"error", db:"error", version}` when the
 *   statement fails (never throws)
 */
export async function checkHealth(ctx: ServiceContext): Promise<Health> {
  try {
    await ctx.db.execute(sql`select 1`);
    // The latest backup's time (UTC), so monitoring can alert on a backup that stopped.
    const backup = await lastBackup(ctx);
    return { status: 'ok', db: 'ok', version: APP_VERSION, lastBackupAt: backup?.takenAt ?? null };
  } catch {
    return { status: 'error', db: 'error', version: APP_VERSION };
  }
}
