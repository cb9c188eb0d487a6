/**
 * The roles of the product (`docs/domain.md`, §6 "Who may do what"): the ward leader is a staff
 * account confined to one ward (issue 28 item 7, decision 0129).
 */
export const ROLES = ['admin', 'cashier', 'ward_leader', 'customer'] as const;

/** A role a signed-in user can have. */
export type Role = (typeof ROLES)[number];

/** Staff roles: the back office (a ward leader sees only their ward's members and reminders). */
export const STAFF_ROLES = ['admin', 'cashier', 'ward_leader'] as const satisfies readonly Role[];

/** A staff role. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Where each role lands after sign-in (`docs/domain.md`, §2 "Route table"; decision 0129 for the ward leader). */
export const HOME_BY_ROLE: Record<Role, string> = {
  admin: '/admin/dashboard',
  cashier: '/cashier/dashboard',
  ward_leader: '/ward/members',
  customer: '/customer/dashboard',
};
