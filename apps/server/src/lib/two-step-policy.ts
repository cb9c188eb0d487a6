import type { StaffRole } from '@parish/shared';

import type { Config } from '../config/env.ts';

/**
 * Whether STAFF_MFA requires a staff member to have a second factor: admins, when the parish set
 * STAFF_MFA=required (`docs/domain.md`, "Two-step sign-in for staff"). Cashiers, ward leaders and accountants are only offered it.
 */
export function twoStepRequiredFor(config: Pick<Config, 'staffMfa'>, role: StaffRole): boolean {
  return config.staffMfa === 'required' && role === 'admin';
}
