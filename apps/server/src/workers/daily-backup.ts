import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { TZDate } from '@date-fns/tz';
import { and, eq, gte } from 'drizzle-orm';

import { systemContext, type AppDeps, type ServiceContext } from '../context.ts';
import { runAsOwner } from '../db/parish-scope.ts';
import { backupRuns } from '../db/schema/index.ts';
import type { BackupKey } from '../modules/backup/backup-file.ts';
import { writeBackup } from '../modules/backup/backup.service.ts';
import type { WorkerHandle } from './worker-handle.ts';

/**
 * Backups from the running server (`docs/deploy.md`, "Backups"):
 * - the daily backup at 02:00 parish time (PARISH_TIMEZONE) into `DATA_DIR/backups`, keeping
 *   BACKUP_KEEP (off with 0). Checked every minute: when no daily backup was taken since the latest
 *   02:00 it takes one, so a machine that was off at 02:00 backs up within a minute of starting and
 *   several processes (PostgreSQL, one holding the worker lock) never take two;
 * - on PGlite, `npm run backup` while the server runs: the command cannot open the data folder the
 *   server holds, so it leaves a request in `DATA_DIR/backups/requests/<id>.json` and sends SIGUSR2;
 *   the server takes the snapshot and answers in `<id>.result.json` ({@link answerBackupRequests}),
 *   encrypted with the command's BACKUP_PASSPHRASE, whatever the server's (issue 27 item 17).
 */

/** The folder of `npm run backup`'s requests to a running server. */
export function backupRequestDir(dataDir: string): string {
  return path.join(dataDir, 'backups', 'requests');
}

/** The latest 02:00 in the parish's time zone at or before `now` (a UTC instant). */
export function latestBackupSlot(now: Date, timeZone: string): Date {
  const local = new TZDate(now.getTime(), timeZone);
  const slot = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 2, 0, 0, 0, timeZone);
  if (slot.getTime() > now.getTime()) slot.setDate(slot.getDate() - 1);
  return new Date(slot.getTime());
}

/**
 * Takes the daily backup when it is due: BACKUP_KEEP above 0 and no daily backup since the latest
 * 02:00 parish time.
 * @returns the file written, or null when none was due
 */
export async function runDailyBackupIfDue(ctx: ServiceContext): Promise<string | null> {
  if (ctx.config.backup.keep <= 0) return null;
  const slot = latestBackupSlot(ctx.clock.now(), ctx.config.parishTimezone);
  const [done] = await ctx.db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(and(eq(backupRuns.kind, 'daily'), gte(backupRuns.takenAt, slot.toISOString())))
    .limit(1);
  if (done) return null;
  return (await writeBackup(ctx, { kind: 'daily' })).file;
}

/**
 * What `npm run backup` asks a running server for: where to write (null: the backups folder) and,
 * when the command has a BACKUP_PASSPHRASE, the key of this one file derived from it (base64; the
 * passphrase itself never leaves the command: `docs/decisions/0070-backup-through-the-running-server-encrypts.md`).
 */
export interface BackupRequest {
  out: string | null;
  key?: { key: string; salt: string; N: number; r: number; p: number } | null;
}

/** The {@link BackupKey} of a request, or undefined when it asks for none. */
function keyOf(request: BackupRequest): BackupKey | undefined {
  if (!request.key) return undefined;
  const { key, salt, N, r, p } = request.key;
  return { key: Buffer.from(key, 'base64'), salt: Buffer.from(salt, 'base64'), N, r, p };
}

/**
 * Answers the waiting requests of `npm run backup` (PGlite, server running): for each
 * `<id>.json` ({@link BackupRequest}) removes the request (it may hold a key), writes the backup
 * (encrypted with the request's key when it has one) and then `<id>.result.json` with the result
 * or `{ "error": message }`.
 */
export async function answerBackupRequests(ctx: ServiceContext): Promise<number> {
  const dir = backupRequestDir(ctx.config.dataDir);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^[\w-]+\.json$/.test(name) && !name.endsWith('.result.json'));
  } catch {
    return 0;
  }
  for (const name of names) {
    const request = path.join(dir, name);
    let answer: unknown;
    try {
      const text = readFileSync(request, 'utf8');
      rmSync(request, { force: true });
      const asked = JSON.parse(text) as BackupRequest;
      answer = await writeBackup(ctx, { kind: 'manual', out: asked.out ?? undefined, key: keyOf(asked) });
    } catch (error) {
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    writeFileSync(path.join(dir, name.replace(/\.json$/, '.result.json')), JSON.stringify(answer), { mode: 0o600 });
  }
  return names.length;
}

/**
 * Starts the backup worker (see the file comment).
 * @param checkMs how often the daily backup is checked for being due (default one minute)
 */
export function startDailyBackup(deps: AppDeps, checkMs = 60_000): WorkerHandle {
  const ctx = systemContext(deps);
  let running: Promise<unknown> = Promise.resolve();
  const enqueue = (work: () => Promise<unknown>, what: string) => {
    // A backup holds every parish: made as the owner (decision 0128).
    running = running.then(() => runAsOwner(work)).catch((error: unknown) => deps.log.error({ err: error }, `${what} failed`));
  };
  const timer = setInterval(() => enqueue(() => runDailyBackupIfDue(ctx), 'the daily backup'), checkMs);
  timer.unref();
  const onSignal = () => enqueue(() => answerBackupRequests(ctx), 'a requested backup');
  if (deps.database.kind === 'pglite') {
    mkdirSync(backupRequestDir(deps.config.dataDir), { recursive: true, mode: 0o700 });
    process.on('SIGUSR2', onSignal);
  }
  return {
    async stop() {
      clearInterval(timer);
      process.off('SIGUSR2', onSignal);
      await running;
    },
  };
}
