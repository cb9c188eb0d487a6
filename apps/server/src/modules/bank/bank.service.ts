import {
  BANK_MSG,
  BANK_PRESET_KEYS,
  paiseToRupees,
  type BankAccount,
  type BankAccountInput,
  type BankAccountList,
  type BankPresetKey,
  type ColumnMapping,
  type ManualMatch,
  type Paise,
  type ReconLine,
  type MatchMethod,
  type ReconDeposit,
  type ReconSettlement,
  type ReconReceipt,
  type Reconciliation,
  type StatementImportResult,
  type StatementPreview,
  type StatementUpload,
} from '@parish/shared';
import { eq, sql } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { bankAccounts, bankMatches, bankPresetConfirmations, bankStatementLines } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';
import { clearDepositCheques } from '../payments/commands/clear-cheque.ts';
import { MATCHABLE_DEPOSIT } from './deposit-matcher.ts';
import { MATCHABLE_UPI_RECEIPT, matchAccountLines } from './matchers.ts';
import { BANK_PRESETS } from './presets.ts';
import { cellText, linesOf, readStatementRows, type ParsedLine } from './statement-file.ts';

/**
 * Bank-statement reconciliation (issue 30 item 4, decision 0149; `docs/domain.md`,
 * "Bank-statement reconciliation"): bank accounts and their column mappings, presets confirmed by
 * the parish, statements uploaded into lines, and the lines matched with UPI receipts of the
 * counter. Amounts in paise inside, rupees on the wire; line dates are the bank's calendar dates,
 * receipt dates the parish's (`parishTimeZone`).
 */

/** How many days apart a line and a receipt of the same amount may be to be suggested as a pair. */
export const SUGGESTION_DAYS = 3;
/** The most lines or receipts of each list the reconciliation answers. */
const LIST_LIMIT = 500;
/** The first rows of a file a preview shows as they are. */
const PREVIEW_ROWS = 25;
/** The first lines a preview shows as the mapping reads them. */
const PREVIEW_LINES = 20;
/** Lines written by one INSERT. */
const INSERT_CHUNK = 500;

const accountOut = (row: typeof bankAccounts.$inferSelect): BankAccount => ({
  _id: row.id,
  name: row.name,
  preset: (BANK_PRESET_KEYS as readonly string[]).includes(row.preset ?? '') ? (row.preset as BankPresetKey) : null,
  mapping: row.mapping,
});

/** The bank accounts of the parish (by name) and every preset, confirmed or not (by whom, when). */
export async function listBankAccounts(ctx: ServiceContext): Promise<BankAccountList> {
  const accounts = await ctx.db.select().from(bankAccounts).orderBy(bankAccounts.name);
  const confirmations = await queryRows<{ preset: string; confirmed_at: string; name: string | null }>(
    ctx.db,
    sql`select c.preset, c.confirmed_at, s.name from bank_preset_confirmations c
          left join staff_users s on s.parish_id = c.parish_id and s.id = c.confirmed_by`,
  );
  return {
    accounts: accounts.map(accountOut),
    presets: BANK_PRESETS.map((preset) => {
      const confirmed = confirmations.find((row) => row.preset === preset.key);
      return {
        key: preset.key,
        bank: preset.bank,
        headers: preset.headers,
        mapping: preset.mapping,
        confirmedAt: confirmed ? new Date(confirmed.confirmed_at).toISOString() : null,
        confirmedBy: confirmed ? (confirmed.name ?? null) : null,
      };
    }),
  };
}

async function lockedAccount(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, id)).for('update');
  if (!row) throw notFound(BANK_MSG.noAccount);
  return row;
}

/**
 * Adds a bank account with its column mapping, or changes one (`id` given); audited
 * `bank.account_saved` in the same transaction.
 * @throws 404 `BANK_MSG.noAccount` (unknown id); 409 `BANK_MSG.nameTaken`
 */
export async function saveBankAccount(ctx: ServiceContext, input: BankAccountInput, id?: string): Promise<BankAccount> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = id ? await lockedAccount(tx, id) : null;
      const values = { name: input.name, preset: input.preset, mapping: input.mapping };
      const [row] = before
        ? await tx
            .update(bankAccounts)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(bankAccounts.id, before.id))
            .returning()
        : await tx.insert(bankAccounts).values(values).returning();
      if (!row) throw notFound(BANK_MSG.noAccount);
      await recordAudit(tx, ctx.audit, {
        action: 'bank.account_saved',
        entityType: 'bank_account',
        entityId: row.id,
        before: before ? { name: before.name, preset: before.preset, mapping: { ...before.mapping } } : null,
        after: { name: row.name, preset: row.preset, mapping: { ...row.mapping } },
      });
      return accountOut(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, ['bank_accounts_name_uq'])) throw conflict(BANK_MSG.nameTaken);
    throw error;
  }
}

/**
 * Confirms a preset for the parish: its bank's export reads as the preset says (decision 0149).
 * Once per parish: confirming again changes nothing. Audited `bank.preset_confirmed`.
 */
export async function confirmPreset(
  ctx: ServiceContext,
  key: BankPresetKey,
): Promise<{ success: true; message: string }> {
  const actor = actorOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(bankPresetConfirmations)
      .values({ preset: key, confirmedBy: actor.id })
      .onConflictDoNothing()
      .returning({ preset: bankPresetConfirmations.preset });
    if (inserted.length === 0) return;
    await recordAudit(tx, ctx.audit, {
      action: 'bank.preset_confirmed',
      entityType: 'bank_account',
      after: { preset: key },
    });
  });
  return { success: true, message: BANK_MSG.presetConfirmed };
}

async function accountOf(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
  if (!row) throw notFound(BANK_MSG.noAccount);
  return row;
}

const lineOut = (line: ParsedLine) => ({
  date: line.date,
  narration: line.narration,
  reference: line.reference,
  debit: paiseToRupees((line.amountPaise < 0 ? -line.amountPaise : 0) as Paise),
  credit: paiseToRupees((line.amountPaise > 0 ? line.amountPaise : 0) as Paise),
  balance: paiseToRupees(line.balancePaise),
  utr: line.utr,
});

async function parsedUpload(upload: StatementUpload, mapping: ColumnMapping) {
  const rows = await readStatementRows(Buffer.from(upload.content, 'base64'));
  return { rows, lines: linesOf(rows, mapping) };
}

/**
 * The first lines of a statement as a mapping reads them (the upload's own mapping, or the
 * account's), and the file's first rows as they are: nothing is stored.
 * @throws 404 unknown account; 400 a file that does not read, naming the row (`BANK_MSG`)
 */
export async function previewStatement(
  ctx: ServiceContext,
  accountId: string,
  upload: StatementUpload,
): Promise<StatementPreview> {
  const account = await accountOf(ctx, accountId);
  const rows = await readStatementRows(Buffer.from(upload.content, 'base64'));
  const firstRows = rows.slice(0, PREVIEW_ROWS).map((row) => row.map((cell) => cellText(cell)));
  const lines = linesOf(rows, upload.mapping ?? account.mapping);
  return { rows: firstRows, lines: lines.slice(0, PREVIEW_LINES).map(lineOut), total: lines.length };
}

/**
 * Stores a statement's lines under its account and matches them (decision 0149): the whole file is
 * read first (a bad file changes nothing); a line already stored (same account, date, amount,
 * reference and running balance) is skipped; then every matcher runs on the account's unmatched
 * lines. One transaction with its audit record `bank.statement_imported`; an upload that adds and
 * matches nothing writes nothing at all, so the same statement uploaded twice changes nothing.
 * @throws 404 unknown account; 400 a file that does not read (`BANK_MSG`)
 */
export async function importStatement(
  ctx: ServiceContext,
  accountId: string,
  upload: StatementUpload,
): Promise<StatementImportResult> {
  const actor = actorOf(ctx);
  const account = await accountOf(ctx, accountId);
  const { lines } = await parsedUpload(upload, upload.mapping ?? account.mapping);
  const result = { lines: lines.length, added: 0, matched: 0 };
  await ctx.db
    .transaction(async (tx) => {
      await lockedAccount(tx, account.id);
      for (let start = 0; start < lines.length; start += INSERT_CHUNK) {
        const added = await tx
          .insert(bankStatementLines)
          .values(
            lines.slice(start, start + INSERT_CHUNK).map((line) => ({
              bankAccountId: account.id,
              lineDate: line.date,
              narration: line.narration,
              reference: line.reference,
              amountPaise: line.amountPaise,
              balancePaise: line.balancePaise,
              utr: line.utr,
              fileName: upload.fileName,
              importedBy: actor.id,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: bankStatementLines.id });
        result.added += added.length;
      }
      result.matched = await matchAccountLines(tx, account.id, {
        audit: ctx.audit,
        actorId: actor.id,
        now: ctx.clock.now().toISOString(),
      });
      if (result.added === 0 && result.matched === 0) {
        tx.rollback();
        return;
      }
      await recordAudit(tx, ctx.audit, {
        action: 'bank.statement_imported',
        entityType: 'bank_account',
        entityId: account.id,
        after: { fileName: upload.fileName, ...result },
      });
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'Rollback')) throw error;
    });
  return { success: true, ...result };
}

interface LineRow {
  id: string;
  line_date: string;
  narration: string;
  reference: string;
  amount_paise: string;
  balance_paise: string;
  utr: string | null;
}
interface ReceiptRow {
  id: string;
  number: string;
  name: string;
  issued_at: string;
  issued_on: string;
  total_paise: string;
  utr: string | null;
}

interface DepositRow {
  id: string;
  slip_number: string;
  deposit_date: string;
  bank_account: string;
  total_paise: string;
  cheques: number;
}

/** A gateway settlement matched with a line (decision 0151), as the reconciliation reads it. */
interface SettlementRow {
  id: string;
  gateway: 'razorpay' | 'worldline';
  utr: string;
  net_paise: string | number;
  settled_on: string;
}

const reconLine = (row: LineRow): ReconLine => {
  const amount = Number(row.amount_paise) as Paise;
  return {
    lineId: row.id,
    date: row.line_date,
    narration: row.narration,
    reference: row.reference,
    debit: paiseToRupees((amount < 0 ? -amount : 0) as Paise),
    credit: paiseToRupees((amount > 0 ? amount : 0) as Paise),
    balance: paiseToRupees(Number(row.balance_paise) as Paise),
    utr: row.utr,
  };
};
const reconReceipt = (row: ReceiptRow): ReconReceipt => ({
  receiptId: row.id,
  receiptNumber: row.number,
  memberName: row.name,
  issuedAt: new Date(row.issued_at).toISOString(),
  issuedOn: row.issued_on,
  amount: paiseToRupees(Number(row.total_paise) as Paise),
  utr: row.utr,
});

const reconDeposit = (row: DepositRow): ReconDeposit => ({
  depositId: row.id,
  slipNumber: row.slip_number,
  depositDate: row.deposit_date,
  bankAccount: row.bank_account,
  amount: paiseToRupees(Number(row.total_paise) as Paise),
  cheques: Number(row.cheques),
});

const reconSettlement = (row: SettlementRow): ReconSettlement => ({
  settlementId: row.id,
  gateway: row.gateway,
  utr: row.utr,
  settledOn: row.settled_on,
  net: paiseToRupees(Number(row.net_paise) as Paise),
});

/** The deposit columns of {@link DepositRow}; `d` is the bank_deposits row. */
const DEPOSIT_COLUMNS = sql`d.id, d.slip_number, to_char(d.deposit_date, 'YYYY-MM-DD') as deposit_date, d.bank_account,
  d.total_paise, (select count(*)::int from bank_deposit_cheques c where c.parish_id = d.parish_id and c.deposit_id = d.id) as cheques`;
/** The deposit slips of the account `a` (joined on the account's id), as `d`. */
const depositsOf = (accountId: string) =>
  sql`bank_deposits d join bank_accounts a on a.parish_id = d.parish_id and a.id = ${accountId}`;

const LINE_COLUMNS = sql`l.id, to_char(l.line_date, 'YYYY-MM-DD') as line_date, l.narration, l.reference,
  l.amount_paise, l.balance_paise, l.utr`;
/** The receipt columns of {@link ReceiptRow}, its parish date read in `tz`. */
const receiptColumns = (tz: string) =>
  sql`r.id, r.number, m.name, r.issued_at, to_char((r.issued_at at time zone ${tz})::date, 'YYYY-MM-DD') as issued_on,
      r.total_paise, r.utr`;

/**
 * One account's reconciliation (`GET /api/bank/accounts/{id}/reconciliation`): the matched pairs
 * with who and when; the unmatched credit lines, each with the UPI receipts of the same amount
 * issued within {@link SUGGESTION_DAYS} days of it (parish dates); and the unmatched UPI receipts of
 * the counter issued within the period the account's lines cover, each with the lines that may be
 * theirs. Newest first, at most 500 of each.
 * @throws 404 unknown account
 */
export async function getReconciliation(ctx: ServiceContext, accountId: string): Promise<Reconciliation> {
  const account = await accountOf(ctx, accountId);
  const tz = await parishTimeZone(ctx);
  const matched = await queryRows<
    LineRow & {
      receipt: ReceiptRow | null;
      deposit: DepositRow | null;
      settlement: SettlementRow | null;
      method: MatchMethod;
      matched_at: string;
      matched_by: string | null;
    }
  >(
    ctx.db,
    sql`select ${LINE_COLUMNS}, bm.method, bm.matched_at, s.name as matched_by,
               case when r.id is null then null else
               json_build_object('id', r.id, 'number', r.number, 'name', m.name, 'issued_at', r.issued_at,
                                 'issued_on', to_char((r.issued_at at time zone ${tz})::date, 'YYYY-MM-DD'),
                                 'total_paise', r.total_paise, 'utr', r.utr) end as receipt,
               (select row_to_json(x) from (select ${DEPOSIT_COLUMNS} from bank_deposits d
                                             where d.parish_id = bm.parish_id and d.id = bm.deposit_id) x) as deposit,
               (select json_build_object('id', gs.id, 'gateway', gs.gateway, 'utr', gs.utr, 'net_paise', gs.amount_paise,
                                         'settled_on', to_char((gs.settled_at at time zone ${tz})::date, 'YYYY-MM-DD'))
                  from gateway_settlements gs where gs.parish_id = bm.parish_id and gs.id = bm.settlement_id) as settlement
          from bank_matches bm
          join bank_statement_lines l on l.parish_id = bm.parish_id and l.id = bm.line_id
          left join receipts r on r.parish_id = bm.parish_id and r.id = bm.receipt_id
          left join members m on m.parish_id = r.parish_id and m.id = r.member_id
          left join staff_users s on s.parish_id = bm.parish_id and s.id = bm.matched_by
         where l.bank_account_id = ${account.id}
         order by l.line_date desc, l.id limit ${LIST_LIMIT}`,
  );
  const receiptDay = sql`(r.issued_at at time zone ${tz})::date`;
  const unmatchedLines = await queryRows<LineRow & { suggestions: ReceiptRow[]; deposits: DepositRow[] }>(
    ctx.db,
    sql`select ${LINE_COLUMNS},
               coalesce((select json_agg(x order by x.issued_at) from (
                 select ${receiptColumns(tz)} from receipts r join members m on m.parish_id = r.parish_id and m.id = r.member_id
                  where r.total_paise = l.amount_paise and ${MATCHABLE_UPI_RECEIPT}
                    and ${receiptDay} between l.line_date - ${SUGGESTION_DAYS}::int and l.line_date + ${SUGGESTION_DAYS}::int
                  order by r.issued_at limit 5) x), '[]'::json) as suggestions,
               coalesce((select json_agg(x order by x.deposit_date) from (
                 select ${DEPOSIT_COLUMNS} from ${depositsOf(account.id)}
                  where d.total_paise = l.amount_paise and ${MATCHABLE_DEPOSIT}
                    and d.deposit_date between l.line_date - ${SUGGESTION_DAYS}::int and l.line_date + ${SUGGESTION_DAYS}::int
                  order by d.deposit_date limit 5) x), '[]'::json) as deposits
          from bank_statement_lines l
         where l.bank_account_id = ${account.id} and l.amount_paise > 0
           and not exists (select 1 from bank_matches bm where bm.parish_id = l.parish_id and bm.line_id = l.id)
         order by l.line_date desc, l.id limit ${LIST_LIMIT}`,
  );
  const unmatchedReceipts = await queryRows<ReceiptRow & { suggestions: LineRow[] }>(
    ctx.db,
    sql`with span as (select min(line_date) as first, max(line_date) as last from bank_statement_lines
                       where bank_account_id = ${account.id})
        select ${receiptColumns(tz)},
               coalesce((select json_agg(x order by x.line_date) from (
                 select ${LINE_COLUMNS} from bank_statement_lines l
                  where l.bank_account_id = ${account.id} and l.amount_paise = r.total_paise
                    and not exists (select 1 from bank_matches bm where bm.parish_id = l.parish_id and bm.line_id = l.id)
                    and l.line_date between ${receiptDay} - ${SUGGESTION_DAYS}::int and ${receiptDay} + ${SUGGESTION_DAYS}::int
                  order by l.line_date limit 5) x), '[]'::json) as suggestions
          from receipts r join members m on m.parish_id = r.parish_id and m.id = r.member_id, span
         where ${MATCHABLE_UPI_RECEIPT} and ${receiptDay} between span.first and span.last
         order by r.issued_at desc, r.id limit ${LIST_LIMIT}`,
  );
  const unmatchedDeposits = await queryRows<DepositRow & { suggestions: LineRow[] }>(
    ctx.db,
    sql`with span as (select min(line_date) as first, max(line_date) as last from bank_statement_lines
                       where bank_account_id = ${account.id})
        select ${DEPOSIT_COLUMNS},
               coalesce((select json_agg(x order by x.line_date) from (
                 select ${LINE_COLUMNS} from bank_statement_lines l
                  where l.bank_account_id = ${account.id} and l.amount_paise = d.total_paise
                    and not exists (select 1 from bank_matches bm where bm.parish_id = l.parish_id and bm.line_id = l.id)
                    and l.line_date between d.deposit_date - ${SUGGESTION_DAYS}::int and d.deposit_date + ${SUGGESTION_DAYS}::int
                  order by l.line_date limit 5) x), '[]'::json) as suggestions
          from ${depositsOf(account.id)}, span
         where ${MATCHABLE_DEPOSIT} and d.deposit_date between span.first and span.last
         order by d.deposit_date desc, d.id limit ${LIST_LIMIT}`,
  );
  return {
    matched: matched.map((row) => ({
      line: reconLine(row),
      receipt: row.receipt ? reconReceipt(row.receipt) : null,
      deposit: row.deposit ? reconDeposit(row.deposit) : null,
      settlement: row.settlement ? reconSettlement(row.settlement) : null,
      method: row.method,
      matchedAt: new Date(row.matched_at).toISOString(),
      matchedBy: row.matched_by,
    })),
    unmatchedLines: unmatchedLines.map((row) => ({
      ...reconLine(row),
      suggestions: row.suggestions.map(reconReceipt),
      depositSuggestions: row.deposits.map(reconDeposit),
    })),
    unmatchedReceipts: unmatchedReceipts.map((row) => ({
      ...reconReceipt(row),
      suggestions: row.suggestions.map(reconLine),
    })),
    unmatchedDeposits: unmatchedDeposits.map((row) => ({
      ...reconDeposit(row),
      suggestions: row.suggestions.map(reconLine),
    })),
  };
}

type Line = typeof bankStatementLines.$inferSelect;

/** The line to match by hand, locked: a credit not matched yet. @throws 404 `noLine`; 409 `notCredit`, `lineMatched` */
async function lockedUnmatchedCredit(tx: DbOrTx, lineId: string): Promise<Line> {
  const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, lineId)).for('update');
  if (!line) throw notFound(BANK_MSG.noLine);
  if (line.amountPaise <= 0) throw conflict(BANK_MSG.notCredit);
  const [taken] = await tx.select().from(bankMatches).where(eq(bankMatches.lineId, line.id));
  if (taken) throw conflict(BANK_MSG.lineMatched);
  return line;
}

/**
 * Matches a credit line by hand (a suggestion confirmed, or a pair no matcher found) with a UPI
 * receipt of the counter or a deposit slip (`receiptId` or `depositId`, decision 0152): the amounts
 * must be equal, a slip must be of the line's bank account, and neither side may be matched already
 * (the table's keys hold it against a concurrent match too). A slip matched clears its deposited
 * cheques (`clearDepositCheques`). Audited `bank.line_matched` in the same transaction.
 * @throws 404 `noLine` / `notUpiReceipt` / `noDeposit` (unknown); 409 `notCredit`, `lineMatched`,
 *   `notUpiReceipt` (voided, not UPI at the counter, a test payment), `receiptMatched`,
 *   `amountDiffers`, `depositOtherAccount`, `depositMatched`, `depositAmountDiffers`
 */
export async function matchLine(ctx: ServiceContext, input: ManualMatch): Promise<{ success: true }> {
  try {
    await ctx.db.transaction(async (tx) => {
      const line = await lockedUnmatchedCredit(tx, input.lineId);
      if (input.depositId !== undefined) await matchDeposit(ctx, tx, line, input.depositId);
      else await matchReceipt(ctx, tx, line, input.receiptId ?? '');
    });
  } catch (error) {
    if (isUniqueViolation(error, ['bank_matches_pkey'])) throw conflict(BANK_MSG.lineMatched);
    if (isUniqueViolation(error, ['bank_matches_receipt_uq'])) throw conflict(BANK_MSG.receiptMatched);
    if (isUniqueViolation(error, ['bank_matches_deposit_uq'])) throw conflict(BANK_MSG.depositMatched);
    throw error;
  }
  return { success: true };
}

/** {@link matchLine} with a UPI receipt of the counter. */
async function matchReceipt(ctx: ServiceContext, tx: DbOrTx, line: Line, receiptId: string): Promise<void> {
  const actor = actorOf(ctx);
  const [receipt] = await queryRows<{ id: string; number: string; total_paise: string; matchable: boolean }>(
    tx,
    sql`select r.id, r.number, r.total_paise,
               (r.voided_at is null and r.payment_method = 'upi' and r.collection_mode = 'manual'
                and not exists (select 1 from receipt_items ri join payments p on p.parish_id = ri.parish_id and p.id = ri.payment_id
                                 where ri.parish_id = r.parish_id and ri.receipt_id = r.id and p.is_test)) as matchable
          from receipts r where r.id = ${receiptId} for update`,
  );
  if (!receipt) throw notFound(BANK_MSG.notUpiReceipt);
  if (!receipt.matchable) throw conflict(BANK_MSG.notUpiReceipt);
  const [other] = await tx.select().from(bankMatches).where(eq(bankMatches.receiptId, receipt.id));
  if (other) throw conflict(BANK_MSG.receiptMatched);
  if (Number(receipt.total_paise) !== line.amountPaise) throw conflict(BANK_MSG.amountDiffers);
  await tx.insert(bankMatches).values({
    lineId: line.id,
    kind: 'upi_receipt',
    receiptId: receipt.id,
    method: 'manual',
    matchedBy: actor.id,
  });
  await recordAudit(tx, ctx.audit, {
    action: 'bank.line_matched',
    entityType: 'bank_statement_line',
    entityId: line.id,
    after: {
      receiptId: receipt.id,
      receiptNumber: receipt.number,
      amount: paiseToRupees(line.amountPaise),
      date: line.lineDate,
    },
  });
}

/** {@link matchLine} with a deposit slip of the line's bank account; its deposited cheques cleared. */
async function matchDeposit(ctx: ServiceContext, tx: DbOrTx, line: Line, depositId: string): Promise<void> {
  const actor = actorOf(ctx);
  const [deposit] = await queryRows<{ id: string; slip_number: string; total_paise: string; same_account: boolean }>(
    tx,
    sql`select d.id, d.slip_number, d.total_paise,
               exists (select 1 from bank_accounts a where a.parish_id = d.parish_id and a.id = ${line.bankAccountId}
                         and lower(btrim(d.bank_account)) = lower(btrim(a.name))) as same_account
          from bank_deposits d where d.id = ${depositId} for update`,
  );
  if (!deposit) throw notFound(BANK_MSG.noDeposit);
  if (!deposit.same_account) throw conflict(BANK_MSG.depositOtherAccount);
  const [other] = await tx.select().from(bankMatches).where(eq(bankMatches.depositId, deposit.id));
  if (other) throw conflict(BANK_MSG.depositMatched);
  if (Number(deposit.total_paise) !== line.amountPaise) throw conflict(BANK_MSG.depositAmountDiffers);
  await tx.insert(bankMatches).values({
    lineId: line.id,
    kind: 'deposit',
    depositId: deposit.id,
    method: 'manual',
    matchedBy: actor.id,
  });
  const chequesCleared = await clearDepositCheques(tx, ctx.audit, {
    depositId: deposit.id,
    slipNumber: deposit.slip_number,
    bankLineId: line.id,
    actorId: actor.id,
    now: ctx.clock.now().toISOString(),
  });
  await recordAudit(tx, ctx.audit, {
    action: 'bank.line_matched',
    entityType: 'bank_statement_line',
    entityId: line.id,
    after: {
      depositId: deposit.id,
      slipNumber: deposit.slip_number,
      amount: paiseToRupees(line.amountPaise),
      date: line.lineDate,
      chequesCleared,
    },
  });
}

/**
 * Undoes a line's match (automatic or by hand): the line and its receipt or deposit slip are
 * unmatched again and the matchers may pair them anew on the next upload. A cheque cleared by a
 * slip's match stays cleared (nothing leaves cleared, decision 0147). Audited `bank.line_unmatched`.
 * @throws 404 `noLine`; 409 `notMatched`
 */
export async function unmatchLine(ctx: ServiceContext, lineId: string): Promise<{ success: true }> {
  await ctx.db.transaction(async (tx) => {
    const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, lineId)).for('update');
    if (!line) throw notFound(BANK_MSG.noLine);
    const [settled] = await tx
      .select({ kind: bankMatches.kind })
      .from(bankMatches)
      .where(eq(bankMatches.lineId, line.id));
    if (settled?.kind === 'gateway_settlement') throw conflict(BANK_MSG.settlementUnmatch);
    const [removed] = await tx.delete(bankMatches).where(eq(bankMatches.lineId, line.id)).returning();
    if (!removed) throw conflict(BANK_MSG.notMatched);
    const amount = paiseToRupees(line.amountPaise);
    if (removed.depositId) {
      const [deposit] = await queryRows<{ slip_number: string }>(
        tx,
        sql`select slip_number from bank_deposits where id = ${removed.depositId}`,
      );
      await recordAudit(tx, ctx.audit, {
        action: 'bank.line_unmatched',
        entityType: 'bank_statement_line',
        entityId: line.id,
        before: {
          depositId: removed.depositId,
          slipNumber: deposit?.slip_number ?? '',
          method: removed.method === 'slip' || removed.method === 'amount_date' ? removed.method : 'manual',
          amount,
        },
      });
      return;
    }
    const [receipt] = await queryRows<{ number: string }>(
      tx,
      sql`select number from receipts where id = ${removed.receiptId}`,
    );
    await recordAudit(tx, ctx.audit, {
      action: 'bank.line_unmatched',
      entityType: 'bank_statement_line',
      entityId: line.id,
      before: {
        receiptId: removed.receiptId ?? '',
        receiptNumber: receipt?.number ?? '',
        method: removed.method === 'manual' ? 'manual' : 'utr',
        amount,
      },
    });
  });
  return { success: true };
}
