import { settingsContracts, type ContractBody, type ParishSettings } from '@parish/shared';

import { apiRequest } from '../../lib/api-request.ts';

/** The parish settings screen's call (`PUT /api/settings`, admin only; the read is lib/settings.ts). */

/** The settings as sent: name, address, contact and logo. */
export type SettingsBody = ContractBody<typeof settingsContracts.update>;

/** `PUT /api/settings`: replaces the settings. @returns them as stored. */
export function saveParishSettings(body: SettingsBody): Promise<ParishSettings> {
  return apiRequest(settingsContracts.update, { body });
}
