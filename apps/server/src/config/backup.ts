import path from 'node:path';

import { z } from 'zod';

/**
 * Backup settings (`docs/deploy.md`, "Backups"; README "Backups"): the daily automatic backup at
 * 02:00 parish time into `DATA_DIR/backups`, how many to keep, an optional passphrase and a
 * second folder for a copy.
 */
const backupEnvSchema = z.object({
  BACKUP_KEEP: z.coerce.number().int().min(0).max(3650).default(14),
  BACKUP_PASSPHRASE: z.string().min(8, 'BACKUP_PASSPHRASE must be at least 8 characters').optional(),
  BACKUP_COPY_DIR: z.string().trim().min(1).optional(),
});

/** The backup part of the configuration (`Config.backup`). */
export interface BackupSettings {
  /** Where backups are written: `DATA_DIR/backups` (absolute). */
  dir: string;
  /** BACKUP_KEEP (default 14): daily backups kept; 0 turns the daily backup off. */
  keep: number;
  /** BACKUP_PASSPHRASE: when set, every backup file is encrypted with it (AES-256-GCM, scrypt key). */
  passphrase: string | undefined;
  /** BACKUP_COPY_DIR (absolute): a second folder (USB drive, synced folder) that gets a copy of each file. */
  copyDir: string | undefined;
}

/**
 * Reads the BACKUP_* variables.
 * @param dataDir the absolute data directory; backups go to its `backups` folder
 * @throws Error naming the invalid variable
 */
export function loadBackupSettings(env: NodeJS.ProcessEnv, dataDir: string): BackupSettings {
  const parsed = backupEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  return {
    dir: path.join(dataDir, 'backups'),
    keep: values.BACKUP_KEEP,
    passphrase: values.BACKUP_PASSPHRASE,
    copyDir: values.BACKUP_COPY_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), values.BACKUP_COPY_DIR) : undefined,
  };
}
