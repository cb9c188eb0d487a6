import type { ParishSettings } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from './api-client.ts';

/** Query key of the parish settings. */
export const SETTINGS_KEY = ['settings'] as const;

/** The public parish settings (name, address, contact, logo), cached 5 minutes. */
export function useParishSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => apiRequest<ParishSettings>('/api/settings'),
  });
}
