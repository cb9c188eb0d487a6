import type { ContractOutput, ContractPath, settingsContracts } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { requestJson } from './api-client.ts';

/** Query key of the parish settings. */
export const SETTINGS_KEY = ['settings'] as const;

/** `GET /api/settings`, on the plain client: the landing page and the loader must not load zod schemas. */
const SETTINGS_PATH: ContractPath<typeof settingsContracts.get> = '/api/settings';

/** The public parish settings (name, address, contact, logo), cached 5 minutes. */
export function useParishSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => requestJson<ContractOutput<typeof settingsContracts.get>>(SETTINGS_PATH),
  });
}
