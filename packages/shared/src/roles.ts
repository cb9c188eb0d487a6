/** The three roles of the product (`docs/domain.md`, §6 "Who may do what"). */
export const ROLES = ['admin', 'cashier', 'customer'] as const;

/** A role a signed-in user can have. */
export type Role = (typeof ROLES)[number];

/** Staff roles: the back office. */
export const STAFF_ROLES = ['admin', 'cashier'] as const satisfies readonly Role[];

/** Where each role lands after sign-in (`docs/domain.md`, §2 "Route table"). */
export const HOME_BY_ROLE: Record<Role, string> = {
  admin: '/admin/dashboard',
  cashier: '/cashier/dashboard',
  customer: '/customer/dashboard',
};
