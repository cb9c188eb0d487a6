import type { ContractOutput, ContractPath, settingsContracts } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { requestJson } from './api-client.ts';

/** Query key of the parish settings. */
export const SETTINGS_KEY = ['settings'] as const;

/** `GET /api/settings`, on the plain client: the landing page and the loader must not load zod schemas. */
const SETTINGS_PATH: ContractPath<typeof settingsContracts.get> = '/api/settings';

/** Local storage key of the parish name last read, for the loader before settings arrive. */
const PARISH_NAME_KEY = 'parishName';

/**
 * The public parish settings (name, address, contact, logo), cached 5 minutes. The name is also
 * remembered in local storage, so a later full-screen loader (a gateway's return page, say) can
 * name the parish before the settings have arrived.
 */
export function useParishSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => {
      const settings = await requestJson<ContractOutput<typeof settingsContracts.get>>(SETTINGS_PATH);
      localStorage.setItem(PARISH_NAME_KEY, settings.name);
      return settings;
    },
  });
}

/** The parish name: from the settings when loaded, else the one remembered, else ''. */
export function useParishName(): string {
  const settings = useParishSettings();
  return settings.data?.name ?? localStorage.getItem(PARISH_NAME_KEY) ?? '';
}
