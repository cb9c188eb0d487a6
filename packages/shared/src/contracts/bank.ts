import { idParamsSchema, successSchema } from '../schemas/common.ts';
import {
  bankAccountInputSchema,
  bankAccountListSchema,
  bankAccountSchema,
  lineParamsSchema,
  manualMatchSchema,
  presetConfirmedSchema,
  presetParamsSchema,
  reconciliationSchema,
  statementImportResultSchema,
  statementPreviewSchema,
  statementUploadSchema,
} from '../schemas/bank.ts';
import { defineContract } from './contract.ts';

/**
 * Bank-statement reconciliation (`apps/server/src/modules/bank/bank.routes.ts`; decision 0149):
 * accounts and mappings, presets, statement preview and import, reconciliation, manual matches.
 */
export const bankContracts = {
  /** `GET /api/bank/accounts`: the accounts with their mappings, and the presets. */
  accounts: defineContract({ method: 'GET', path: '/api/bank/accounts', output: bankAccountListSchema }),
  /** `POST /api/bank/accounts`: a new account with its mapping. */
  createAccount: defineContract({
    method: 'POST',
    path: '/api/bank/accounts',
    body: bankAccountInputSchema,
    output: bankAccountSchema,
  }),
  /** `PUT /api/bank/accounts/:id`: an account renamed or its mapping changed. */
  updateAccount: defineContract({
    method: 'PUT',
    path: '/api/bank/accounts/:id',
    params: idParamsSchema,
    body: bankAccountInputSchema,
    output: bankAccountSchema,
  }),
  /** `POST /api/bank/presets/:key/confirm`: a preset confirmed for the parish. */
  confirmPreset: defineContract({
    method: 'POST',
    path: '/api/bank/presets/:key/confirm',
    params: presetParamsSchema,
    output: presetConfirmedSchema,
  }),
  /** `POST /api/bank/accounts/:id/preview`: the first lines a mapping reads; nothing stored. */
  preview: defineContract({
    method: 'POST',
    path: '/api/bank/accounts/:id/preview',
    params: idParamsSchema,
    body: statementUploadSchema,
    output: statementPreviewSchema,
  }),
  /** `POST /api/bank/accounts/:id/statements`: a statement imported and matched. */
  importStatement: defineContract({
    method: 'POST',
    path: '/api/bank/accounts/:id/statements',
    params: idParamsSchema,
    body: statementUploadSchema,
    output: statementImportResultSchema,
  }),
  /** `GET /api/bank/accounts/:id/reconciliation`: matched and unmatched, with suggestions. */
  reconciliation: defineContract({
    method: 'GET',
    path: '/api/bank/accounts/:id/reconciliation',
    params: idParamsSchema,
    output: reconciliationSchema,
  }),
  /** `POST /api/bank/matches`: a line matched by hand with a receipt or a deposit slip (decision 0152). */
  match: defineContract({ method: 'POST', path: '/api/bank/matches', body: manualMatchSchema, output: successSchema }),
  /** `DELETE /api/bank/matches/:lineId`: a match undone. */
  unmatch: defineContract({
    method: 'DELETE',
    path: '/api/bank/matches/:lineId',
    params: lineParamsSchema,
    output: successSchema,
  }),
};
