import { staffContracts, type ContractBody, type StaffUser } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';

/** The staff accounts screen's calls (`staffContracts`, admin only). */

/** Query key of the staff list; every write refreshes it. */
export const STAFF_KEY = ['admin', 'users'] as const;

/** The body of a new staff account (username, name, role, password). */
export type NewStaffAccount = ContractBody<typeof staffContracts.create>;

/** Every staff account (`GET /api/admin/users`). */
export function useStaffAccounts() {
  return useQuery({ queryKey: STAFF_KEY, queryFn: () => apiRequest(staffContracts.list) });
}

/** `POST /api/admin/users`: a new cashier or admin. */
export function createStaffAccount(body: NewStaffAccount): Promise<StaffUser> {
  return apiRequest(staffContracts.create, { body });
}

/** Sets a new password for a staff account (`PUT /api/admin/users/{id}` with the password only). */
export function resetStaffPassword(id: string, password: string): Promise<StaffUser> {
  return apiRequest(staffContracts.update, { params: { id }, body: { password } });
}

/** `POST /api/admin/users/{id}/reset-two-step`: removes a staff member's second factor (audited). */
export function resetStaffTwoStep(id: string): Promise<{ success: true }> {
  return apiRequest(staffContracts.resetTwoStep, { params: { id } });
}

/**
 * Issues a one-time password for a staff account (`POST /api/admin/users/{id}/reset-password`),
 * answered once; its next session may only change it. The server audits it.
 */
export function issueStaffOneTimePassword(id: string) {
  return apiRequest(staffContracts.resetPassword, { params: { id } });
}

/**
 * Reactivates (`PUT /api/admin/users/{id}` with `isActive: true`) or deactivates
 * (`DELETE /api/admin/users/{id}`) a staff account.
 */
export function setStaffActive({ id, isActive }: { id: string; isActive: boolean }): Promise<StaffUser> {
  return isActive
    ? apiRequest(staffContracts.update, { params: { id }, body: { isActive } })
    : apiRequest(staffContracts.deactivate, { params: { id } });
}
