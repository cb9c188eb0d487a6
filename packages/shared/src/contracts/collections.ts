import { z } from 'zod';

import {
  cashierCollectionsQuerySchema,
  cashierCollectionsSchema,
  collectPaymentInputSchema,
  collectResultSchema,
  memberPaymentsSchema,
  reverseResultSchema,
} from '../schemas/collections.ts';
import { idParamsSchema } from '../schemas/common.ts';
import {
  cashierDaysSchema,
  chequeListSchema,
  chequeStatusInputSchema,
  closeDayInputSchema,
  collectDuesInputSchema,
  collectDuesResultSchema,
  correctReceiptInputSchema,
  correctReceiptResultSchema,
  daySheetQuerySchema,
  daySheetSchema,
  inactiveMemberDuesSchema,
  receiptSummarySchema,
  reverseInputSchema,
  reopenDayInputSchema,
  reverseReceiptResultSchema,
  updateUpiSettingsSchema,
  upiSettingsSchema,
} from '../schemas/office.ts';
import { defineContract } from './contract.ts';

/** Collections at the office, reversals and receipts (docs/domain.md, "§4 Payment rules", "§8 Receipts"). */
export const collectionContracts = {
  /** `POST /api/payments/:id/collect`: a staff collection of a pending payment (amount in rupees). */
  collect: defineContract({
    method: 'POST',
    path: '/api/payments/:id/collect',
    params: idParamsSchema,
    body: collectPaymentInputSchema,
    output: collectResultSchema,
  }),
  /** `PUT /api/payments/:id/reverse` (admin): a direct collection made pending again. */
  reverse: defineContract({
    method: 'PUT',
    path: '/api/payments/:id/reverse',
    params: idParamsSchema,
    body: reverseInputSchema,
    output: reverseResultSchema,
  }),
  /** `GET /api/payments/:id/receipt`: the printable receipt of a paid payment, an HTML document. */
  receipt: defineContract({
    method: 'GET',
    path: '/api/payments/:id/receipt',
    params: idParamsSchema,
    output: z.string(),
    answer: 'text',
  }),
  /** `GET /api/cashier/collections`: the signed-in cashier's own collections, one page and the total. */
  cashierCollections: defineContract({
    method: 'GET',
    path: '/api/cashier/collections',
    query: cashierCollectionsQuerySchema,
    output: cashierCollectionsSchema,
  }),
  /** `GET /api/collections/members/:id/payments`: one member's payments with paid, pending and total. */
  memberPayments: defineContract({
    method: 'GET',
    path: '/api/collections/members/:id/payments',
    params: idParamsSchema,
    output: memberPaymentsSchema,
  }),
};

/** The parish office day (docs/domain.md, "The office day"): several dues, receipts by id, day sheets, cheques, UPI. */
export const officeContracts = {
  /** `POST /api/collections`: several dues of one member under one receipt (send an `Idempotency-Key`). */
  collectDues: defineContract({
    method: 'POST',
    path: '/api/collections',
    body: collectDuesInputSchema,
    output: collectDuesResultSchema,
  }),
  /** `POST /api/receipts/:id/reverse`: a receipt reversed as a whole, with a reason. */
  reverseReceipt: defineContract({
    method: 'POST',
    path: '/api/receipts/:id/reverse',
    params: idParamsSchema,
    body: reverseInputSchema,
    output: reverseReceiptResultSchema,
  }),
  /** `GET /api/receipts/:id`: a receipt with every line and the total, as the reversal dialogs show it. */
  receipt: defineContract({
    method: 'GET',
    path: '/api/receipts/:id',
    params: idParamsSchema,
    output: receiptSummarySchema,
  }),
  /** `POST /api/receipts/:id/correct`: a receipt voided and the lines that stand re-issued on a new receipt, in one step. */
  correctReceipt: defineContract({
    method: 'POST',
    path: '/api/receipts/:id/correct',
    params: idParamsSchema,
    body: correctReceiptInputSchema,
    output: correctReceiptResultSchema,
  }),
  /** `GET /api/office/inactive-member-dues`: pending dues of members marked inactive. */
  inactiveMemberDues: defineContract({
    method: 'GET',
    path: '/api/office/inactive-member-dues',
    output: inactiveMemberDuesSchema,
  }),
  /** `GET /api/receipts/:id/print`: the printable receipt by its id, an HTML document. */
  receiptPrint: defineContract({
    method: 'GET',
    path: '/api/receipts/:id/print',
    params: idParamsSchema,
    output: z.string(),
    answer: 'text',
  }),
  /**
   * `GET /api/receipts/:id/pdf`: the receipt as a PDF (decision 0139), A5 or an 80 mm roll; read as
   * a download (`application/pdf`), never as text.
   */
  receiptPdf: defineContract({
    method: 'GET',
    path: '/api/receipts/:id/pdf',
    params: idParamsSchema,
    query: z.object({ layout: z.enum(['a5', '80mm']).optional(), lang: z.enum(['en', 'ml', 'hi', 'ta']).optional() }),
    output: z.string(),
    answer: 'text',
  }),
  /** `GET /api/day-sheets`: a cashier's day sheet (default the caller, today). */
  daySheet: defineContract({
    method: 'GET',
    path: '/api/day-sheets',
    query: daySheetQuerySchema,
    output: daySheetSchema,
  }),
  /** `GET /api/day-sheets/print`: the printable day sheet. */
  daySheetPrint: defineContract({
    method: 'GET',
    path: '/api/day-sheets/print',
    query: daySheetQuerySchema,
    output: z.string(),
    answer: 'text',
  }),
  /** `GET /api/day-sheets/csv`: the day sheet as CSV. */
  daySheetCsv: defineContract({
    method: 'GET',
    path: '/api/day-sheets/csv',
    query: daySheetQuerySchema,
    output: z.string(),
    answer: 'text',
  }),
  /** `GET /api/day-sheets/xlsx`: the day sheet's rows as an Excel workbook (read as a file download). */
  daySheetXlsx: defineContract({
    method: 'GET',
    path: '/api/day-sheets/xlsx',
    query: daySheetQuerySchema,
    output: z.string(),
    answer: 'text',
  }),
  /** `POST /api/day-sheets/close`: closes the caller's day. */
  closeDay: defineContract({
    method: 'POST',
    path: '/api/day-sheets/close',
    body: closeDayInputSchema,
    output: daySheetSchema,
  }),
  /** `GET /api/day-sheets/days`: days with receipts or a close (admin: every cashier). */
  cashierDays: defineContract({ method: 'GET', path: '/api/day-sheets/days', output: cashierDaysSchema }),
  /** `POST /api/day-sheets/reopen` (admin): a closed day opened again. */
  reopenDay: defineContract({
    method: 'POST',
    path: '/api/day-sheets/reopen',
    body: reopenDayInputSchema,
    output: daySheetSchema,
  }),
  /** `GET /api/office/upi`: the parish UPI ID and payee name. */
  upi: defineContract({ method: 'GET', path: '/api/office/upi', output: upiSettingsSchema }),
  /** `PUT /api/office/upi` (admin): the parish UPI ID. */
  setUpi: defineContract({
    method: 'PUT',
    path: '/api/office/upi',
    body: updateUpiSettingsSchema,
    output: upiSettingsSchema,
  }),
  /** `GET /api/cheques`: cheques awaiting clearance. */
  cheques: defineContract({ method: 'GET', path: '/api/cheques', output: chequeListSchema }),
  /** `POST /api/receipts/:id/cheque`: a cheque cleared or bounced. */
  markCheque: defineContract({
    method: 'POST',
    path: '/api/receipts/:id/cheque',
    params: idParamsSchema,
    body: chequeStatusInputSchema,
    output: z.object({ success: z.literal(true), message: z.string() }).loose(),
  }),
};
