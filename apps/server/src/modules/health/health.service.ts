import { sql } from 'drizzle-orm';

import { paymentModes, type PaymentMode } from '../../config/gateways.ts';
import type { ServiceContext } from '../../context.ts';
import { APP_VERSION } from '../../lib/app-version.ts';
import { lastBackup } from '../backup/backup.service.ts';

/** Each gateway's payment mode (`docs/domain.md`, §10 "Payment mode"). */
export interface PaymentModes {
  worldline: PaymentMode;
  razorpay: PaymentMode;
}

/**
 * The answer of the health check: both fields 'ok', or both 'error' when the database does not
 * answer; and each gateway's payment mode, `live`, `sandbox` or `off`.
 */
export type Health =
  | { status: 'ok'; db: 'ok'; version: string; payments: PaymentModes; lastBackupAt: string | null }
  | { status: 'error'; db: 'error'; version: string; payments: PaymentModes };

/**
 * Liveness and database check: one `select 1` on `ctx.db`, with the gateways' payment modes and the latest backup's time
 * (ISO UTC or null, `docs/deploy.md`, "Backups").
 * @returns `{status:"ok", db:"ok", version, payments, lastBackupAt}`, or `{status:"error", db:"error", version,
 *   payments}` when the statement fails (never throws)
 */
export async function checkHealth(ctx: ServiceContext): Promise<Health> {
  try {
    await ctx.db.execute(sql`select 1`);
    // The latest backup's time (UTC), so monitoring can alert on a backup that stopped.
    const backup = await lastBackup(ctx);
    return {
      status: 'ok',
      db: 'ok',
      version: APP_VERSION,
      payments: paymentModes(ctx.config),
      lastBackupAt: backup?.takenAt ?? null,
    };
  } catch {
    return { status: 'error', db: 'error', version: APP_VERSION, payments: paymentModes(ctx.config) };
  }
}
