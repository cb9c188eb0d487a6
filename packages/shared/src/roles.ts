/**
 * The roles of the product (`docs/domain.md`, §6 "Who may do what"): the ward leader is a staff
 * account confined to one ward (issue 28 item 7, decision 0129); the accountant reads the books
 * (reports, exports) and changes nothing (issue 30 item 6, decision 0145).
 */
export const ROLES = ['admin', 'cashier', 'ward_leader', 'accountant', 'customer'] as const;

/** A role a signed-in user can have. */
export type Role = (typeof ROLES)[number];

/**
 * Staff roles: the back office (a ward leader sees only their ward's members and reminders; an
 * accountant only the reports and the accounts' exports, decision 0145).
 */
export const STAFF_ROLES = ['admin', 'cashier', 'ward_leader', 'accountant'] as const satisfies readonly Role[];

/** A staff role. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Where each role lands after sign-in (`docs/domain.md`, §2 "Route table"; decision 0129 for the ward leader). */
export const HOME_BY_ROLE: Record<Role, string> = {
  admin: '/admin/dashboard',
  cashier: '/cashier/dashboard',
  ward_leader: '/ward/members',
  accountant: '/accounts/reports',
  customer: '/customer/dashboard',
};

/**
 * Who may read the parish's books (issue 30 item 6, decision 0145; `docs/domain.md`, §6 "Who may
 * do what"): the collection reports, the accounts' exports (Tally XML, journal CSV), deposits and
 * bank reconciliation. The accountant may only read these; collecting, reversing and editing
 * members, heads or staff stay with the admin and the cashier.
 */
export const ACCOUNTS_ROLES = ['admin', 'accountant'] as const satisfies readonly StaffRole[];

/** A role that may read the books (`ACCOUNTS_ROLES`). */
export type AccountsRole = (typeof ACCOUNTS_ROLES)[number];
