import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  ACCOUNTS_ROLES,
  bankAccountInputSchema,
  bankAccountListSchema,
  bankAccountSchema,
  errorBodySchema,
  idParamsSchema,
  lineParamsSchema,
  manualMatchSchema,
  presetConfirmedSchema,
  presetParamsSchema,
  reconciliationSchema,
  statementImportResultSchema,
  statementPreviewSchema,
  statementUploadSchema,
  STATEMENT_MAX_BYTES,
  successSchema,
} from '@parish/shared';

import {
  confirmPreset,
  getReconciliation,
  importStatement,
  listBankAccounts,
  matchLine,
  previewStatement,
  saveBankAccount,
  unmatchLine,
} from './bank.service.ts';

/**
 * Who reconciles the bank (issue 30 items 4 and 6): the admin and the accountant
 * (ACCOUNTS_ROLES, decision 0145). The one place the roles of these routes are named.
 */
const BANK_ROLES = ACCOUNTS_ROLES;

/** A statement's base64 body: 4 MB of file is about 5.4 MB of base64, with room for the JSON around it. */
const STATEMENT_BODY_LIMIT = Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 64 * 1024;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * Bank-statement reconciliation (issue 30 item 4, decision 0149; `docs/domain.md`,
 * "Bank-statement reconciliation"): bank accounts and their column mappings, bank presets, a
 * statement previewed and imported (CSV or .xlsx, base64 in JSON), the reconciliation of an
 * account (UPI counter receipts and deposit slips, decision 0152), matches made and undone by hand. Amounts on the wire are rupees.
 */
export async function bankRoutes(app: FastifyInstance): Promise<void> {
  accountRoutes(app);
  statementRoutes(app);
}

/** The bank accounts, their column mappings and the presets. */
function accountRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: BANK_ROLES };

  r.get(
    '/api/bank/accounts',
    {
      config,
      schema: {
        tags: ['bank'],
        summary:
          'The parish’s bank accounts with their column mappings, and the bank presets (confirmed by whom, or unverified).',
        response: { 200: bankAccountListSchema, ...errors },
      },
    },
    async (request) => listBankAccounts(request.ctx),
  );
  r.post(
    '/api/bank/accounts',
    {
      config,
      schema: {
        tags: ['bank'],
        summary: 'Adds a bank account with the column mapping of its statement export. 409 when the name is taken.',
        body: bankAccountInputSchema,
        response: { 200: bankAccountSchema, ...errors },
      },
    },
    async (request) => saveBankAccount(request.ctx, request.body),
  );
  r.put(
    '/api/bank/accounts/:id',
    {
      config,
      schema: {
        tags: ['bank'],
        summary: 'Renames a bank account or changes its column mapping.',
        params: idParamsSchema,
        body: bankAccountInputSchema,
        response: { 200: bankAccountSchema, ...errors },
      },
    },
    async (request) => saveBankAccount(request.ctx, request.body, request.params.id),
  );
  r.post(
    '/api/bank/presets/:key/confirm',
    {
      config,
      schema: {
        tags: ['bank'],
        summary: 'Confirms that a bank preset reads this parish’s statements (it was unverified). Audited once.',
        params: presetParamsSchema,
        response: { 200: presetConfirmedSchema, ...errors },
      },
    },
    async (request) => confirmPreset(request.ctx, request.params.key),
  );
}

/** A statement previewed and imported, the reconciliation, matches made and undone by hand. */
function statementRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: BANK_ROLES };
  r.post(
    '/api/bank/accounts/:id/preview',
    {
      config,
      bodyLimit: STATEMENT_BODY_LIMIT,
      schema: {
        tags: ['bank'],
        summary:
          'The first rows of a statement file and the first lines its mapping (the body’s, or the account’s) reads. Stores nothing; 400 names the row that does not read.',
        params: idParamsSchema,
        body: statementUploadSchema,
        response: { 200: statementPreviewSchema, ...errors },
      },
    },
    async (request) => previewStatement(request.ctx, request.params.id, request.body),
  );
  r.post(
    '/api/bank/accounts/:id/statements',
    {
      config,
      bodyLimit: STATEMENT_BODY_LIMIT,
      schema: {
        tags: ['bank'],
        summary:
          'Imports a statement: its lines stored (a line already stored is skipped) and matched with UPI counter receipts by UTR and with deposit slips by slip number or amount and date (decision 0152). A file that does not read changes nothing (400).',
        params: idParamsSchema,
        body: statementUploadSchema,
        response: { 200: statementImportResultSchema, ...errors },
      },
    },
    async (request) => importStatement(request.ctx, request.params.id, request.body),
  );
  r.get(
    '/api/bank/accounts/:id/reconciliation',
    {
      config,
      schema: {
        tags: ['bank'],
        summary:
          'Matched lines with their receipts or deposit slips (how, who, when), unmatched credit lines, unmatched UPI counter receipts and unmatched deposit slips of the account, each with suggestions (same amount, within 3 days).',
        params: idParamsSchema,
        response: { 200: reconciliationSchema, ...errors },
      },
    },
    async (request) => getReconciliation(request.ctx, request.params.id),
  );
  r.post(
    '/api/bank/matches',
    {
      config,
      schema: {
        tags: ['bank'],
        summary:
          'Matches a credit line by hand with a UPI counter receipt or a deposit slip of the account (exactly one of receiptId, depositId; 400 otherwise) of the same amount; a slip’s deposited cheques are marked cleared. 409 when either is matched.',
        body: manualMatchSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => matchLine(request.ctx, request.body),
  );
  r.delete(
    '/api/bank/matches/:lineId',
    {
      config,
      schema: {
        tags: ['bank'],
        summary: 'Undoes a statement line’s match. 409 when it is not matched.',
        params: lineParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => unmatchLine(request.ctx, request.params.lineId),
  );
}
