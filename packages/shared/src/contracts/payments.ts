import { z } from 'zod';

import {
  assignPaymentsResultSchema,
  assignPaymentsSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentSchema,
  revokePaymentsResultSchema,
  revokePaymentsSchema,
  uploadCsvPreviewSchema,
  uploadCsvResultSchema,
  uploadCsvSchema,
} from '../schemas/payments.ts';
import { idParamsSchema } from '../schemas/common.ts';
import { defineContract } from './contract.ts';

/** Payments: a head assigned to a member (docs/domain.md, "§3 Data" and "§4 Payment rules"). */
export const paymentContracts = {
  /** `GET /api/payments`: one page of payments, filtered by head, member, status or search. */
  list: defineContract({
    method: 'GET',
    path: '/api/payments',
    query: paymentListQuerySchema,
    output: paymentListSchema,
  }),
  /** `GET /api/payments/:id`: one payment with member, head, collector and its receipt (number and id, null while none). */
  get: defineContract({
    method: 'GET',
    path: '/api/payments/:id',
    params: idParamsSchema,
    output: paymentSchema,
  }),
  /** `POST /api/payments/assign`: tags members with a head (optionally replacing its pending payments). */
  assign: defineContract({
    method: 'POST',
    path: '/api/payments/assign',
    body: assignPaymentsSchema,
    output: assignPaymentsResultSchema,
  }),
  /** `POST /api/payments/revoke`: removes members' pending payments of a head. */
  revoke: defineContract({
    method: 'POST',
    path: '/api/payments/revoke',
    body: revokePaymentsSchema,
    output: revokePaymentsResultSchema,
  }),
  /** `POST /api/payments/upload-csv`: the parsed bulk CSV (header row first). */
  uploadCsv: defineContract({
    method: 'POST',
    path: '/api/payments/upload-csv',
    body: uploadCsvSchema,
    output: uploadCsvResultSchema,
  }),
  /** `POST /api/payments/upload-csv/preview`: the dry run of the bulk CSV (decision 0110); writes nothing. */
  uploadCsvPreview: defineContract({
    method: 'POST',
    path: '/api/payments/upload-csv/preview',
    body: uploadCsvSchema,
    output: uploadCsvPreviewSchema,
  }),
  /** `GET /api/payments/csv-template`: the bulk CSV template, as a file. */
  csvTemplate: defineContract({
    method: 'GET',
    path: '/api/payments/csv-template',
    output: z.string(),
    answer: 'text',
  }),
};
