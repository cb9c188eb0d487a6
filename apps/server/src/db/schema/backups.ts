import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per backup file written (`modules/backup/backup.service.ts`; `docs/deploy.md`,
 * "Backups"): when, which kind, the file's name and size. The latest row is the "last backup" of
 * the Parish Settings page and `/api/health`. A restored database does not hold the row of the
 * backup it came from (the row is written after the snapshot).
 */
export const backupRuns = pgTable('backup_runs', {
  id: uuid().primaryKey().defaultRandom(),
  /** When the snapshot was taken (UTC). */
  takenAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  /** `daily` (the 02:00 worker) or `manual` (`npm run backup`). */
  kind: text().notNull(),
  /** The file's name (not its folder: a machine path stays out of the database). */
  fileName: text().notNull(),
  /** Size of the file in bytes. */
  bytes: bigint({ mode: 'number' }).notNull(),
  /** How long the snapshot and the file took, in milliseconds. */
  durationMs: integer().notNull(),
  encrypted: boolean().notNull(),
  /** Whether a copy was written to BACKUP_COPY_DIR. */
  copied: boolean().notNull(),
});
