import { passwordResetResultSchema, resetMemberPasswordSchema } from '../schemas/auth.ts';
import { idParamsSchema, successSchema } from '../schemas/common.ts';
import {
  memberImportBodySchema,
  memberImportPreviewSchema,
  memberImportResultSchema,
} from '../schemas/member-import.ts';
import {
  memberCredentialsSchema,
  memberInputSchema,
  memberListQuerySchema,
  memberListSchema,
  memberSchema,
} from '../schemas/members.ts';
import { defineContract } from './contract.ts';

/** Members (docs/domain.md, "§3 Data" and "§5 Validation", "Member form"). */
export const memberContracts = {
  /** `GET /api/members`: one page of active members, searched and sorted on the server. */
  list: defineContract({
    method: 'GET',
    path: '/api/members',
    query: memberListQuerySchema,
    output: memberListSchema,
  }),
  /** `POST /api/members`: adds a member (201). */
  create: defineContract({ method: 'POST', path: '/api/members', body: memberInputSchema, output: memberSchema }),
  /** `PUT /api/members/:id`: replaces a member's details. */
  update: defineContract({
    method: 'PUT',
    path: '/api/members/:id',
    params: idParamsSchema,
    body: memberInputSchema,
    output: memberSchema,
  }),
  /** `DELETE /api/members/:id`: deactivates a member. */
  remove: defineContract({ method: 'DELETE', path: '/api/members/:id', params: idParamsSchema, output: successSchema }),
  /** `POST /api/members/bulk`: imports raw CSV rows (at most 10,000 a request); answers per-row errors. */
  importRows: defineContract({
    method: 'POST',
    path: '/api/members/bulk',
    body: memberImportBodySchema,
    output: memberImportResultSchema,
  }),
  /** `POST /api/members/bulk/preview`: the dry run of a member import (decision 0110); writes nothing. */
  importPreview: defineContract({
    method: 'POST',
    path: '/api/members/bulk/preview',
    body: memberImportBodySchema,
    output: memberImportPreviewSchema,
  }),
  /** `GET /api/admin/members/:id/credentials` (admin): the member's sign-in username and initial password. */
  credentials: defineContract({
    method: 'GET',
    path: '/api/admin/members/:id/credentials',
    params: idParamsSchema,
    output: memberCredentialsSchema,
  }),
  /**
   * `POST /api/admin/members/:id/reset-password` (admin): back to the initial password, or a
   * one-time password answered once (`docs/domain.md`, "Password resets"). Audited.
   */
  resetPassword: defineContract({
    method: 'POST',
    path: '/api/admin/members/:id/reset-password',
    params: idParamsSchema,
    body: resetMemberPasswordSchema,
    output: passwordResetResultSchema,
  }),
};
