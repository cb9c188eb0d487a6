import type { ParishSettings, Ward } from '@parish/shared';

/*
 * Wards for the web's render tests of the ward filters (issue 28 item 7; decisions 0126, 0136):
 * two wards of a parish that calls them "Ward", and its settings.
 */

/** The id of the ward North. */
export const NORTH = '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000b1';
/** The id of the ward South. */
export const SOUTH = '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000b2';

/** North (2 members) and South (1), as `GET /api/wards` answers. */
export const TWO_WARDS: Ward[] = [
  { id: NORTH, name: 'North', memberCount: 2 },
  { id: SOUTH, name: 'South', memberCount: 1 },
];

/** The parish settings as `GET /api/settings` answers, with the parish's word for a ward. */
export function wardSettings(wardLabel: ParishSettings['wardLabel'] = 'ward'): ParishSettings {
  return { name: 'St. Mary’s Church', address: '', contact: '', logoUrl: '', currency: 'INR', wardLabel };
}
