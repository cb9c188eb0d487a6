import { z } from 'zod';

/** A staff account as the admin's list shows it. */
export const staffUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'cashier']),
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

/** `POST /api/admin/users` body: create a cashier or an admin. */
export const createStaffUserSchema = z.object({
  username,
  password: staffPassword,
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be less than 100 characters'),
  role: z.enum(['admin', 'cashier']),
});

/** `PUT /api/admin/users/{id}` body: rename, change role, reset the password or reactivate. */
export const updateStaffUserSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    role: z.enum(['admin', 'cashier']).optional(),
    password: staffPassword.optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
