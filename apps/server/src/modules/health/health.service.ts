import { sql } from 'drizzle-orm';

import { paymentModes, type PaymentMode } from '../../config/gateways.ts';
import type { ServiceContext } from '../../context.ts';
import { runInParish } from '../../db/parish-scope.ts';
import { APP_VERSION } from '../../lib/app-version.ts';
import { lastBackup } from '../backup/backup.service.ts';
import { parishOfRequestHost } from '../parishes/parish-hosts.ts';
import { parishGatewaySettings } from '../settings/parish-credentials.ts';

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
 * The payment modes the health check reports: those of the parish served at `host` (its effective
 * gateways: its own credentials, else the environment's for the home parish; decision 0134), which
 * the web app's "Test payments" band reads; the environment's at an address no parish has (a
 * monitor calling by IP on a server of several parishes).
 */
async function paymentModesAt(ctx: ServiceContext, host: string | undefined): Promise<PaymentModes> {
  const found = await parishOfRequestHost(ctx.db, host);
  if (!found) return paymentModes(ctx.config);
  return paymentModes(await runInParish(found.parishId, () => parishGatewaySettings(ctx, found.parishId)));
}

/**
 * Liveness and database check: one `select 1` on `ctx.db`, with the gateways' payment modes and the latest backup's time
 * (ISO UTC or null, `docs/deploy.md`, "Backups").
 * @param host the request's host: the payment modes are its parish's ({@link paymentModesAt})
 * @returns `{status:"ok", db:"ok", version, payments, lastBackupAt}`, or `{status:"error", db:"error", version,
 *   payments}` (the environment's modes) when the statement fails (never throws)
 */
export async function checkHealth(ctx: ServiceContext, host?: string): Promise<Health> {
  try {
    await ctx.db.execute(sql`select 1`);
    // The latest backup's time (UTC), so monitoring can alert on a backup that stopped.
    const backup = await lastBackup(ctx);
    return {
      status: 'ok',
      db: 'ok',
      version: APP_VERSION,
      payments: await paymentModesAt(ctx, host),
      lastBackupAt: backup?.takenAt ?? null,
    };
  } catch {
    return { status: 'error', db: 'error', version: APP_VERSION, payments: paymentModes(ctx.config) };
  }
}
