import { backupContracts, settingsContracts, type ContractBody, type ParishSettings } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';

/** The parish settings screen's call (`PUT /api/settings`, admin only; the read is lib/settings.ts). */

/** The settings as sent: name, address, contact and logo. */
export type SettingsBody = ContractBody<typeof settingsContracts.update>;

/** `PUT /api/settings`: replaces the settings. @returns them as stored. */
export function saveParishSettings(body: SettingsBody): Promise<ParishSettings> {
  return apiRequest(settingsContracts.update, { body });
}

/** `GET /api/backups/latest` (admin): the latest backup and the backup settings (docs/deploy.md, "Backups"). */
export function useBackupStatus() {
  return useQuery({ queryKey: ['backups', 'latest'], queryFn: () => apiRequest(backupContracts.latest, {}) });
}
