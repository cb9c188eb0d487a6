import { z } from 'zod';

import {
  activitiesExportQuerySchema,
  activitiesQuerySchema,
  activitiesSchema,
  dashboardSchema,
  eventTicketSchema,
  exportQuerySchema,
  reportExportQuerySchema,
  reportRequestSchema,
  reportResponseSchema,
} from '../schemas/reports.ts';
import { wardFilterQuerySchema } from '../schemas/wards.ts';
import { defineContract } from './contract.ts';

/** The dashboard, reports, activity log and live-update tickets of the back office (docs/domain.md, "§2 Screens"). */
export const reportContracts = {
  /** `GET /api/admin/dashboard`: the dashboard figures (rupees; days in parish time); `?wardId=` one ward's. */
  dashboard: defineContract({
    method: 'GET',
    path: '/api/admin/dashboard',
    query: wardFilterQuerySchema,
    output: dashboardSchema,
  }),
  /** `POST /api/admin/reports`: one page of one report; the answer's `type` says which. */
  report: defineContract({
    method: 'POST',
    path: '/api/admin/reports',
    body: reportRequestSchema,
    output: reportResponseSchema,
  }),
  /** `GET /api/admin/reports/export`: every row of a report as a CSV file. */
  exportCsv: defineContract({
    method: 'GET',
    path: '/api/admin/reports/export',
    query: reportExportQuerySchema,
    output: z.string(),
    answer: 'text',
  }),
  /** `GET /api/admin/activities` (admin): the audit trail, newest first, a page at a time. */
  activities: defineContract({
    method: 'GET',
    path: '/api/admin/activities',
    query: activitiesQuerySchema,
    output: activitiesSchema,
  }),
  /** `POST /api/events/ticket`: a short-lived single-use ticket for the live-update stream. */
  eventTicket: defineContract({ method: 'POST', path: '/api/events/ticket', output: eventTicketSchema }),
  /** `GET /api/admin/activities/export` (admin): the filtered activity log as a CSV or .xlsx file. */
  activitiesExport: defineContract({
    method: 'GET',
    path: '/api/admin/activities/export',
    query: activitiesExportQuerySchema,
    output: z.string(),
    answer: 'text',
  }),
  /** `GET /api/admin/export` (admin): members, payment heads and payments as one JSON, CSV or .xlsx file. */
  fullExport: defineContract({
    method: 'GET',
    path: '/api/admin/export',
    query: exportQuerySchema,
    output: z.string(),
    answer: 'text',
  }),
};
