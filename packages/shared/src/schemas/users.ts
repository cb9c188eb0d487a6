import { z } from 'zod';

import { STAFF_ROLES } from '../roles.ts';

/** A staff account as the admin's list shows it. */
export const staffUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** A ward leader's ward (decision 0129); absent for admins and cashiers. */
  wardId: z.string().optional(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /**
   * Present (true) when the account has a second factor (`docs/domain.md`, "Two-step sign-in for
   * staff"); absent otherwise, so accounts without one read as before.
   */
  twoStepSignIn: z.literal(true).optional(),
});

/** A staff account. */
export type StaffUser = z.infer<typeof staffUserSchema>;

const username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores');

const staffPassword = z.string().min(10, 'Staff passwords must be at least 10 characters long').max(200);

/** The messages of a ward leader's ward (decision 0129). */
export const STAFF_WARD_MSG = {
  wardRequired: 'Choose the ward this ward leader leads',
  wardOnlyForLeader: 'Only a ward leader has a ward',
} as const;

/** A ward id of the staff forms: a UUID (the ward must be one of the parish's, checked by the server). */
const staffWardId = z.uuid({ error: STAFF_WARD_MSG.wardRequired });

/**
 * `POST /api/admin/users` body: create a cashier, an admin or a ward leader. A ward leader needs
 * `wardId`, the ward they lead (issue 28 item 7, decision 0129); the other roles must not send one.
 */
export const createStaffUserSchema = z
  .object({
    username,
    password: staffPassword,
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be less than 100 characters'),
    role: z.enum(STAFF_ROLES),
    wardId: staffWardId.optional(),
  })
  .superRefine((value, issues) => {
    if (value.role === 'ward_leader' && !value.wardId) {
      issues.addIssue({ code: 'custom', path: ['wardId'], message: STAFF_WARD_MSG.wardRequired });
    }
    if (value.role !== 'ward_leader' && value.wardId) {
      issues.addIssue({ code: 'custom', path: ['wardId'], message: STAFF_WARD_MSG.wardOnlyForLeader });
    }
  });

/**
 * `PUT /api/admin/users/{id}` body: rename, change role, reset the password or reactivate. A
 * change to the role `ward_leader`, or of a ward leader's ward, sends `wardId` (decision 0129).
 */
export const updateStaffUserSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    role: z.enum(STAFF_ROLES).optional(),
    wardId: staffWardId.optional(),
    password: staffPassword.optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
