import { z } from 'zod';

import { idParamsSchema } from '../schemas/common.ts';
import {
  financialYearQuerySchema,
  memberPanSchema,
  registration80gSchema,
  updateMemberPanSchema,
  updateRegistration80gSchema,
} from '../schemas/donations.ts';
import { defineContract } from './contract.ts';

/**
 * Donations under section 80G (issue 30 item 8, decision 0148): the trust's registration (admin),
 * a member's PAN, and the Form 10BD / 10BE downloads.
 */
export const donationsContracts = {
  /** `GET /api/admin/registration-80g` (admin): the trust's 80G registration, '' for fields not set. */
  registration: defineContract({ method: 'GET', path: '/api/admin/registration-80g', output: registration80gSchema }),
  /** `PUT /api/admin/registration-80g` (admin): saves it (all fields or none; audited). */
  saveRegistration: defineContract({
    method: 'PUT',
    path: '/api/admin/registration-80g',
    body: updateRegistration80gSchema,
    output: registration80gSchema,
  }),
  /** `GET /api/members/{id}/pan` (admin in full, cashier masked): the member's PAN, null when none. */
  memberPan: defineContract({
    method: 'GET',
    path: '/api/members/:id/pan',
    params: idParamsSchema,
    output: memberPanSchema,
  }),
  /** `PUT /api/members/{id}/pan` (admin): sets or (blank) removes the member's PAN; audited masked. */
  saveMemberPan: defineContract({
    method: 'PUT',
    path: '/api/members/:id/pan',
    params: idParamsSchema,
    body: updateMemberPanSchema,
    output: memberPanSchema,
  }),
  /** `GET /api/accounts/form-10bd.csv?fy=2026-27`: the year's Form 10BD rows as CSV text. */
  form10bd: defineContract({
    method: 'GET',
    path: '/api/accounts/form-10bd.csv',
    query: financialYearQuerySchema,
    output: z.string(),
    answer: 'text',
  }),
  /** `GET /api/accounts/form-10be/{id}?fy=2026-27`: one donor's Form 10BE details as a printable HTML page. */
  form10be: defineContract({
    method: 'GET',
    path: '/api/accounts/form-10be/:id',
    params: idParamsSchema,
    query: financialYearQuerySchema,
    output: z.string(),
    answer: 'text',
  }),
};
