import { backupStatusSchema } from '../schemas/backups.ts';
import { defineContract } from './contract.ts';

/** Backups (`docs/deploy.md`, "Backups"). */
export const backupContracts = {
  /** `GET /api/backups/latest` (admin): the latest backup and the backup settings. */
  latest: defineContract({ method: 'GET', path: '/api/backups/latest', output: backupStatusSchema }),
};
