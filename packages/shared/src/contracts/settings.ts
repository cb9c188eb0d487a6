import { credentialsSchema, updateCredentialsSchema } from '../schemas/credentials.ts';
import {
  parishSettingsSchema,
  parishTimeZoneSchema,
  updateParishSettingsSchema,
  updateParishTimeZoneSchema,
} from '../schemas/settings.ts';
import { publicAddressSchema } from '../public-address.ts';
import { defineContract } from './contract.ts';

/** The parish's own settings: name, address, contact and logo (docs/domain.md, "§3 Data"). */
export const settingsContracts = {
  /** `GET /api/settings` (public): the settings the landing page, loader and receipts show. */
  get: defineContract({ method: 'GET', path: '/api/settings', output: parishSettingsSchema }),
  /** `PUT /api/settings` (admin): replaces the settings; answers them as stored. */
  update: defineContract({
    method: 'PUT',
    path: '/api/settings',
    body: updateParishSettingsSchema,
    output: parishSettingsSchema,
  }),
  /**
   * `GET /api/admin/public-address` (admin): `PUBLIC_URL` and why links under it would not open
   * outside the office (`localhost`, `private`) or null (decision 0117).
   */
  publicAddress: defineContract({ method: 'GET', path: '/api/admin/public-address', output: publicAddressSchema }),
  /**
   * `GET /api/admin/credentials` (admin): the parish's gateway credentials and WhatsApp settings,
   * whether each secret is set, never its value (issue 28 item 4, decision 0130).
   */
  credentials: defineContract({ method: 'GET', path: '/api/admin/credentials', output: credentialsSchema }),
  /** `PUT /api/admin/credentials` (admin): each field a value, null to clear, absent to keep; answers as the GET. */
  saveCredentials: defineContract({
    method: 'PUT',
    path: '/api/admin/credentials',
    body: updateCredentialsSchema,
    output: credentialsSchema,
  }),
  /** `GET /api/admin/time-zone` (admin): the parish's zone and the zones to choose from (decision 0135). */
  timeZone: defineContract({ method: 'GET', path: '/api/admin/time-zone', output: parishTimeZoneSchema }),
  /** `PUT /api/admin/time-zone` (admin): sets the parish's zone; answers as the GET (decision 0135). */
  saveTimeZone: defineContract({
    method: 'PUT',
    path: '/api/admin/time-zone',
    body: updateParishTimeZoneSchema,
    output: parishTimeZoneSchema,
  }),
};
