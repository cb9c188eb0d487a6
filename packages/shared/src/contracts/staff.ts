import { z } from 'zod';

import { passwordResetResultSchema } from '../schemas/auth.ts';
import { idParamsSchema, successSchema } from '../schemas/common.ts';
import { createStaffUserSchema, staffUserSchema, updateStaffUserSchema } from '../schemas/users.ts';
import { defineContract } from './contract.ts';

/** Staff accounts (admin only; docs/domain.md, "§6 Roles"). */
export const staffContracts = {
  /** `GET /api/admin/users`: every staff account. */
  list: defineContract({
    method: 'GET',
    path: '/api/admin/users',
    output: z.object({ items: z.array(staffUserSchema), total: z.number() }),
  }),
  /** `POST /api/admin/users`: a new cashier or admin (201). */
  create: defineContract({
    method: 'POST',
    path: '/api/admin/users',
    body: createStaffUserSchema,
    output: staffUserSchema,
  }),
  /** `PUT /api/admin/users/:id`: rename, change role, reset the password or reactivate. */
  update: defineContract({
    method: 'PUT',
    path: '/api/admin/users/:id',
    params: idParamsSchema,
    body: updateStaffUserSchema,
    output: staffUserSchema,
  }),
  /** `DELETE /api/admin/users/:id`: deactivates the account (it is kept). */
  deactivate: defineContract({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    params: idParamsSchema,
    output: staffUserSchema,
  }),
  /** `POST /api/admin/users/:id/reset-two-step`: removes the account's second factor (audited). */
  resetTwoStep: defineContract({
    method: 'POST',
    path: '/api/admin/users/:id/reset-two-step',
    params: idParamsSchema,
    output: successSchema,
  }),
  /**
   * `POST /api/admin/users/:id/reset-password`: a one-time password answered once; the account's
   * next session may only change it (`docs/domain.md`, "Password resets"). Audited.
   */
  resetPassword: defineContract({
    method: 'POST',
    path: '/api/admin/users/:id/reset-password',
    params: idParamsSchema,
    output: passwordResetResultSchema,
  }),
};
