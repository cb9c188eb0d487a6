import { z } from 'zod';

/**
 * The latest backup, as the admin's Parish Settings page shows it (`GET /api/backups/latest`;
 * `docs/deploy.md`, "Backups"). Times are ISO 8601 UTC; sizes in bytes.
 */
export const backupStatusSchema = z.object({
  /** The latest backup, or null when none was ever taken. */
  last: z
    .object({
      takenAt: z.string(),
      kind: z.enum(['daily', 'manual']),
      fileName: z.string(),
      bytes: z.number().int().nonnegative(),
      encrypted: z.boolean(),
      copied: z.boolean(),
    })
    .nullable(),
  /** BACKUP_KEEP: daily backups kept; 0 means the daily backup is off. */
  keep: z.number().int().nonnegative(),
  /** Whether BACKUP_COPY_DIR is set. */
  copyDirSet: z.boolean(),
  /** Whether BACKUP_PASSPHRASE is set. */
  passphraseSet: z.boolean(),
});

/** {@link backupStatusSchema}'s type. */
export type BackupStatus = z.infer<typeof backupStatusSchema>;
