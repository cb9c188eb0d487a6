import { sql } from 'drizzle-orm';

import {
  HEAD_YEAR_MAX,
  HEAD_YEAR_MIN,
  MSG,
  ZERO_PAISE,
  calendarDateIn,
  defaultDueDate,
  mismatchNotApplied,
  normalizeParishNumber,
  paiseToRupees,
  parseRupeesToPaise,
  type HeadType,
  type Paise,
  type RowError,
  type Rupees,
  type UploadCsvPreview,
  type UploadCsvResult,
} from '@parish/shared';

import type { AuditContext, ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { lockDataVersions } from '../../db/data-versions.ts';
import { badRequest } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { importDues } from './commands/import-dues.ts';
import type { DueCells } from './ledger/due-cells.ts';
import { classifyRows, findKnownMembers, type NewMember, type ParsedRow } from './upload-rows.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/** 400 message when a mandatory column of the account-head CSV is missing. */
export const CSV_COLUMNS_MESSAGE = 'CSV must contain ParishNumber, Name and Phone columns';

/** Rows applied per database transaction (all-or-nothing per batch, `docs/domain.md`, "D2"). */
export const IMPORT_BATCH_ROWS = 1000;

/** A head column of the matrix: its canonical type, the head name and its year. */
export interface HeadColumn {
  index: number;
  header: string;
  name: string;
  type: HeadType;
  year: number;
}

/**
 * Reads a head column header (`docs/domain.md`, §5 "Account head CSV"): `(name)` is an
 * arrear, `*name*` miscellaneous, a plain name a current due. The year is a 4-digit year
 * 2020-2030 inside the name, else `currentYear`.
 * @returns null for a blank header.
 */
export function parseHeadHeader(header: string, index: number, currentYear: number): HeadColumn | null {
  const text = header.trim();
  if (!text) return null;
  let type: HeadType = 'current due';
  let name = text;
  const arrear = /^\((.*)\)$/.exec(text);
  const misc = /^\*(.*)\*$/.exec(text);
  if (arrear) {
    type = 'arrear';
    name = arrear[1] ?? '';
  } else if (misc) {
    type = 'miscellaneous';
    name = misc[1] ?? '';
  }
  name = name.trim();
  if (!name) return null;
  let year = currentYear;
  for (const match of name.matchAll(/(?<!\d)(\d{4})(?!\d)/g)) {
    const candidate = Number(match[1]);
    if (candidate >= HEAD_YEAR_MIN && candidate <= HEAD_YEAR_MAX) {
      year = candidate;
      break;
    }
  }
  return { index, header: text, name, type, year };
}

const normalHeader = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** The parsed matrix: columns, valid rows and row errors, before any database work. */
export interface ParsedMatrix {
  heads: HeadColumn[];
  rows: ParsedRow[];
  errors: RowError[];
  totalRows: number;
}

/**
 * Parses the matrix (header first). Blank rows are ignored. A row without a parish number, with
 * an invalid parish number or with an invalid amount is a row error; a cell of 0 or blank means
 * no payment.
 * @throws 400 'CSV file must contain at least a header row and one data row.'; 400
 *   {@link CSV_COLUMNS_MESSAGE} when ParishNumber, Name or Phone is missing.
 */
export function parseMatrix(csvData: readonly (readonly string[])[], currentYear: number): ParsedMatrix {
  const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');
  const header = csvData[0];
  const dataRows = csvData.slice(1);
  if (!header || !dataRows.some((row) => !isBlank(row))) throw badRequest(MSG.csvNeedsRows);
  const names = header.map(normalHeader);
  const parishIndex = names.findIndex((n) => n === 'parishnumber' || n === 'parishno');
  const nameIndex = names.findIndex((n) => n === 'name');
  const phoneIndex = names.findIndex((n) => n === 'phone' || n === 'mobile');
  if (parishIndex < 0 || nameIndex < 0 || phoneIndex < 0) throw badRequest(CSV_COLUMNS_MESSAGE);
  const heads: HeadColumn[] = [];
  header.forEach((cell, index) => {
    if (index === parishIndex || index === nameIndex || index === phoneIndex) return;
    const head = parseHeadHeader(cell.replace(/^\uFEFF/, ''), index, currentYear);
    if (head) heads.push(head);
  });
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  let totalRows = 0;
  dataRows.forEach((cells, position) => {
    if (isBlank(cells)) return;
    totalRows += 1;
    const row = position + 1;
    const rawParish = (cells[parishIndex] ?? '').trim();
    if (!rawParish) {
      errors.push({ row, message: 'Parish number is required' });
      return;
    }
    const parish = normalizeParishNumber(rawParish);
    if (!parish.ok) {
      errors.push({ row, message: parish.error });
      return;
    }
    const amounts = new Map<number, Paise>();
    for (const head of heads) {
      const cell = (cells[head.index] ?? '').trim();
      if (!cell) continue;
      const paise = parseRupeesToPaise(cell);
      if (paise === null) {
        errors.push({ row, message: `${MSG.invalidAmount} (${head.header}: ${cell})` });
        return;
      }
      if (paise > 0) amounts.set(head.index, paise);
    }
    rows.push({
      row,
      parishNumber: parish.parishNumber,
      name: (cells[nameIndex] ?? '').trim(),
      phone: (cells[phoneIndex] ?? '').trim(),
      amounts,
    });
  });
  return { heads, rows, errors, totalRows };
}

/** The most common non-zero amount of a column (ties: the one seen first), in paise. */
export function mostCommonAmount(rows: readonly ParsedRow[], index: number): Paise | null {
  const counts = new Map<Paise, number>();
  let best: Paise | null = null;
  let bestCount = 0;
  for (const row of rows) {
    const paise = row.amounts.get(index);
    if (paise === undefined) continue;
    const count = (counts.get(paise) ?? 0) + 1;
    counts.set(paise, count);
    if (count > bestCount) {
      best = paise;
      bestCount = count;
    }
  }
  return best;
}

/** The upload of {@link importDuesMatrix}. */
export interface ImportInput {
  /** The CSV as a list of rows of cells, header first (as the web client parses it). */
  csvData: readonly (readonly string[])[];
  /** Rows per transaction (default {@link IMPORT_BATCH_ROWS}). */
  batchRows?: number;
  /**
   * Called inside each batch's transaction after its writes, before the commit; a throw rolls
   * that batch back. Tests use it to simulate a crash in the middle of an import.
   */
  beforeBatchCommit?: (batch: number, tx: Tx) => void | Promise<void>;
  /**
   * "Update amounts of pending dues" (`docs/domain.md`, "Account head CSV"): a pending payment
   * already assigned whose amount differs from its cell takes the cell's amount. Default false.
   */
  updatePendingAmounts?: boolean | undefined;
  /** Mismatched rows the admin ticked in the dry run (decision 0110); the others are not applied. */
  accept?: readonly number[] | undefined;
}

/** A head column's payment head in the database: its id, year and due date (`YYYY-MM-DD` or null). */
type HeadTarget = { id: string; year: number; dueDate: string | null };

/**
 * Applies the account-head CSV of `POST /api/payments/upload-csv` (`docs/domain.md`, "Account
 * head CSV"):
 * 1. parses the matrix ({@link parseMatrix}); row errors are reported, the rest applied; head
 *    years default to the parish's current year (`ctx.clock`, `PARISH_TIMEZONE`);
 * 2. in one transaction, matches heads by case-insensitive name and type (the year in the name
 *    preferred) and creates the missing ones with the column's most common non-zero amount and
 *    the default due date ({@link matchOrCreateHeads});
 * 3. applies the rows in batches of {@link IMPORT_BATCH_ROWS}, each ONE transaction with one
 *    audit event (`ctx.audit`): the rows checked again inside the transaction ({@link classifyRows},
 *    decision 0110): members matched by parish number (active ones) or created with the initial
 *    password (no hash stored); a row whose name or phone differs from the member holding its
 *    parish number is applied only when `input.accept` lists it, else it is a row error naming the
 *    fields (the ticked ones are in the audit event as `acceptedMismatches`); then every non-zero cell inserted as a pending payment
 *    with `ON CONFLICT (parish_id, member_id, payment_head_id) DO NOTHING`, so a rerun creates no duplicates
 *    and a paid payment is never changed. Bulk statements use unnest arrays, never per-row inserts.
 *    After each batch commits, `head.updated` per head with the members assigned, and
 *    `member.updated` when members were created, go to `ctx.events` (`docs/ARCHITECTURE.md`,
 *    "Live updates").
 *
 * A batch whose transaction fails is rolled back whole and its rows reported as errors; earlier
 * batches stay committed, and uploading the same file again completes the import.
 * @throws 400 as {@link parseMatrix} does, before any write
 */
export async function importDuesMatrix(ctx: ServiceContext, input: ImportInput): Promise<UploadCsvResult> {
  const today = calendarDateIn(ctx.clock.now(), await parishTimeZone(ctx));
  const matrix = parseMatrix(input.csvData, Number(today.slice(0, 4)));
  const errors = [...matrix.errors];
  const success: UploadCsvResult['success'] = [];
  const heads = await matchOrCreateHeads(ctx, matrix, defaultDueDate(today));

  let membersCreated = 0;
  const tally = { assigned: 0, changed: 0, unchanged: 0, differ: 0 };
  const batchRows = Math.max(1, input.batchRows ?? IMPORT_BATCH_ROWS);
  const accept = new Set(input.accept ?? []);
  for (let start = 0, batch = 1; start < matrix.rows.length; start += batchRows, batch += 1) {
    const rows = matrix.rows.slice(start, start + batchRows);
    try {
      const outcome = await ctx.db.transaction(async (tx) => {
        await lockDataVersions(tx, ['members', 'payments']);
        const result = await applyBatch(tx, rows, heads.ids, ctx.audit, {
          batch,
          updatePendingAmounts: input.updatePendingAmounts === true,
          accept,
        });
        await input.beforeBatchCommit?.(batch, tx);
        return result;
      });
      membersCreated += outcome.membersCreated;
      tally.assigned += outcome.amounts.assigned;
      tally.changed += outcome.amounts.changed;
      tally.unchanged += outcome.amounts.unchanged;
      tally.differ += outcome.amounts.differ;
      for (const [paymentHeadId, memberIds] of outcome.assigned) {
        ctx.events.publish({ type: 'head.updated', data: { paymentHeadId, assignedMemberIds: memberIds } });
      }
      if (outcome.membersCreated > 0) {
        ctx.events.publish({ type: 'member.updated', data: { count: outcome.membersCreated } });
      }
      success.push(...outcome.success);
      errors.push(...outcome.errors);
    } catch {
      for (const row of rows) {
        errors.push({
          row: row.row,
          message: 'Not imported: the database refused this batch. Upload the file again to complete it.',
        });
      }
    }
  }

  errors.sort((a, b) => a.row - b.row);
  success.sort((a, b) => a.row - b.row);
  return {
    status: 'success',
    totalRows: matrix.totalRows,
    success,
    errors,
    membersCreated,
    paymentHeadsCreated: heads.created,
    whatsappSent: [],
    paymentsAssigned: tally.assigned,
    paymentsChanged: tally.changed,
    paymentsUnchanged: tally.unchanged,
    pendingAmountsDiffer: tally.differ,
  };
}

/** A payment head row as {@link existingHeads} reads it. */
type HeadRow = { id: string; name: string; type: HeadType; year: number; due_date: string | null };

/** The payment heads whose name is one of the columns' (case ignored), oldest first. */
async function existingHeads(db: DbOrTx, columns: readonly HeadColumn[]): Promise<HeadRow[]> {
  return queryRows<HeadRow>(
    db,
    sql`select id::text as id, name, type::text as type, year, due_date::text as due_date
        from payment_heads where lower(name) = any(${sql.param(columns.map((h) => h.name.toLowerCase()))}::text[])
        order by created_at, id`,
  );
}

/** The head a column matches: same name (case ignored) and type, the column's year preferred, else the oldest. */
function matchHead(existing: readonly HeadRow[], column: HeadColumn): HeadRow | undefined {
  const candidates = existing.filter(
    (row) => row.name.toLowerCase() === column.name.toLowerCase() && row.type === column.type,
  );
  return candidates.find((row) => row.year === column.year) ?? candidates[0];
}

/**
 * The dry run of the account-head CSV (`POST /api/payments/upload-csv/preview`, decision 0110): the
 * matrix parsed as {@link importDuesMatrix} does, the rows sorted by {@link classifyRows} against the
 * members as they are now, and the head columns no existing head matches. Reads only; the apply
 * step checks every row again.
 * @returns rows to create and to apply, mismatches (name or phone differs from the member holding
 *   the parish number), row errors, and the names of the heads that would be created
 * @throws 400 as {@link parseMatrix} does
 */
export async function previewDuesMatrix(
  ctx: ServiceContext,
  input: Pick<ImportInput, 'csvData'>,
): Promise<UploadCsvPreview> {
  const today = calendarDateIn(ctx.clock.now(), await parishTimeZone(ctx));
  const matrix = parseMatrix(input.csvData, Number(today.slice(0, 4)));
  const classes = classifyRows(matrix.rows, await findKnownMembers(ctx.db, matrix.rows), new Set());
  const usedHeads = matrix.heads.filter((head) => mostCommonAmount(matrix.rows, head.index) !== null);
  const existing = usedHeads.length > 0 ? await existingHeads(ctx.db, usedHeads) : [];
  return {
    totalRows: matrix.totalRows,
    toCreate: [...classes.toCreate].map(([parishNumber, member]) => ({
      row: member.row,
      parishNumber,
      name: member.name,
    })),
    toApply: classes.matched.map((row) => ({ row: row.row, parishNumber: row.parishNumber, name: row.name })),
    mismatches: classes.mismatches,
    errors: [...matrix.errors, ...classes.errors].sort((a, b) => a.row - b.row),
    headsToCreate: usedHeads.filter((head) => !matchHead(existing, head)).map((head) => head.header),
  };
}

/**
 * The payment head of every head column with at least one non-zero amount, in ONE transaction:
 * an existing head of the same case-insensitive name and type (the column's year preferred, else
 * the oldest), or a new one with the column's most common amount, the column's year and
 * `dueDate` (none for an arrear). The heads created are audited as `payment_head.csv_created`
 * (each head's amount in rupees).
 * @returns the heads by column index, and how many were created
 */
async function matchOrCreateHeads(
  ctx: ServiceContext,
  matrix: ParsedMatrix,
  dueDate: string,
): Promise<{ ids: Map<number, HeadTarget>; created: number }> {
  const ids = new Map<number, HeadTarget>();
  const usedHeads = matrix.heads.filter((head) => mostCommonAmount(matrix.rows, head.index) !== null);
  if (usedHeads.length === 0) return { ids, created: 0 };
  const created: { _id: string; name: string; type: HeadType; year: number; amount: Rupees }[] = [];
  await ctx.db.transaction(async (tx) => {
    const existing = await existingHeads(tx, usedHeads);
    for (const head of usedHeads) {
      const match = matchHead(existing, head);
      if (match) {
        ids.set(head.index, { id: match.id, year: match.year, dueDate: match.due_date });
        continue;
      }
      const amountPaise = mostCommonAmount(matrix.rows, head.index) ?? ZERO_PAISE;
      const headDue = head.type === 'arrear' ? null : dueDate;
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payment_heads (name, amount_paise, type, year, due_date)
            values (${head.name}, ${amountPaise}, ${head.type}, ${head.year}, ${headDue}::date)
            returning id::text as id`,
      );
      if (!row) throw new Error('head insert returned nothing');
      ids.set(head.index, { id: row.id, year: head.year, dueDate: headDue });
      existing.push({ id: row.id, name: head.name, type: head.type, year: head.year, due_date: headDue });
      created.push({
        _id: row.id,
        name: head.name,
        type: head.type,
        year: head.year,
        amount: paiseToRupees(amountPaise),
      });
    }
    if (created.length > 0) {
      await recordAudit(tx, ctx.audit, {
        action: 'payment_head.csv_created',
        entityType: 'payment_head',
        after: { created },
      });
    }
  });
  return { ids, created: created.length };
}

/**
 * Inserts the new members of a batch (no password hash: the initial password applies) and adds
 * them to `memberIds`. A parish number or active mobile already taken is skipped (DO NOTHING):
 * its rows are reported as duplicates afterwards.
 * @returns the parish numbers and the ids of the members created
 */
async function insertMembers(
  tx: Tx,
  toCreate: ReadonlyMap<string, NewMember>,
  memberIds: Map<string, string>,
): Promise<{ createdParish: Set<string>; createdIds: Set<string> }> {
  const createdParish = new Set<string>();
  const createdIds = new Set<string>();
  if (toCreate.size === 0) return { createdParish, createdIds };
  const entries = [...toCreate.entries()];
  // DO NOTHING also covers the active-mobile unique index: such a member is reported below.
  const inserted = await queryRows<{ id: string; parish: string }>(
    tx,
    sql`insert into members (name, mobile, parish_number, password_hash, password_is_initial)
        select n, m, p, null, true
        from unnest(${sql.param(entries.map(([, e]) => e.name))}::text[],
                    ${sql.param(entries.map(([, e]) => e.mobile))}::text[],
                    ${sql.param(entries.map(([p]) => p))}::text[]) as t(n, m, p)
        on conflict do nothing
        returning id::text as id, parish_number as parish`,
  );
  for (const row of inserted) {
    memberIds.set(row.parish, row.id);
    createdParish.add(row.parish);
    createdIds.add(row.id);
  }
  return { createdParish, createdIds };
}

/**
 * The dues of the rows whose member is known, one per non-zero cell (others are row errors, pushed
 * to `errors`).
 * @returns the rows applied and their cells
 */
function dueCellsOf(
  rowsToApply: readonly ParsedRow[],
  memberIds: ReadonlyMap<string, string>,
  headIds: ReadonlyMap<number, HeadTarget>,
  errors: RowError[],
): { applied: ParsedRow[]; cells: DueCells } {
  const cells: DueCells = { memberIds: [], headIds: [], amounts: [], years: [], dueDates: [] };
  const applied: ParsedRow[] = [];
  for (const row of rowsToApply) {
    const memberId = memberIds.get(row.parishNumber);
    if (!memberId) {
      errors.push({ row: row.row, message: MSG.duplicateMember });
      continue;
    }
    applied.push(row);
    for (const [index, paise] of row.amounts) {
      const head = headIds.get(index);
      if (!head) continue;
      cells.memberIds.push(memberId);
      cells.headIds.push(head.id);
      cells.amounts.push(paise);
      cells.years.push(head.year);
      cells.dueDates.push(head.dueDate);
    }
  }
  return { applied, cells };
}

/**
 * The success entries of the rows applied: the payments created per member, counted on the first
 * row of a parish number repeated in the file (0 on the others), and `membersCreated: 1` on the
 * first row of a member created by this batch.
 */
function successRows(
  applied: readonly ParsedRow[],
  memberIds: ReadonlyMap<string, string>,
  createdParish: ReadonlySet<string>,
  inserted: readonly { member_id: string }[],
): UploadCsvResult['success'] {
  const perMember = new Map<string, number>();
  for (const row of inserted) perMember.set(row.member_id, (perMember.get(row.member_id) ?? 0) + 1);
  const success: UploadCsvResult['success'] = [];
  const reported = new Set<string>();
  for (const row of applied) {
    const memberId = memberIds.get(row.parishNumber) ?? '';
    // A parish number repeated in the file: its payments are counted on its first row.
    const first = !reported.has(memberId);
    reported.add(memberId);
    const created = first && createdParish.has(row.parishNumber);
    success.push({
      row: row.row,
      parishNumber: row.parishNumber,
      ...(created && { membersCreated: 1 }),
      payments: first ? (perMember.get(memberId) ?? 0) : 0,
    });
  }
  return success;
}

/** One batch of rows, inside its transaction: members, then payments, then the audit event. */
async function applyBatch(
  tx: Tx,
  rows: readonly ParsedRow[],
  headIds: ReadonlyMap<number, HeadTarget>,
  audit: AuditContext,
  options: { batch: number; updatePendingAmounts: boolean; accept: ReadonlySet<number> },
): Promise<{
  success: UploadCsvResult['success'];
  errors: RowError[];
  membersCreated: number;
  /** Payments assigned, amounts changed, payments left as they were, pending amounts that differ. */
  amounts: { assigned: number; changed: number; unchanged: number; differ: number };
  /** Member ids given a new payment, per head id. */
  assigned: Map<string, string[]>;
}> {
  // Re-validated here, inside the batch's transaction: the dry run is never trusted (decision 0110).
  const known = await findKnownMembers(tx, rows);
  const memberIds = new Map([...known.byParish].map(([parish, member]) => [parish, member.id]));
  const { errors, toCreate, rowsToApply, mismatches } = classifyRows(rows, known, options.accept);
  const accepted = mismatches.filter((mismatch) => options.accept.has(mismatch.row));
  for (const mismatch of mismatches) {
    if (!options.accept.has(mismatch.row)) errors.push({ row: mismatch.row, message: mismatchNotApplied(mismatch) });
  }
  const { createdParish, createdIds } = await insertMembers(tx, toCreate, memberIds);
  const { applied, cells } = dueCellsOf(rowsToApply, memberIds, headIds, errors);
  const { inserted, ...reconciled } = await importDues(tx, cells, options.updatePendingAmounts, createdIds);
  const assigned = new Map<string, string[]>();
  for (const row of inserted) {
    const list = assigned.get(row.payment_head_id);
    if (list) list.push(row.member_id);
    else assigned.set(row.payment_head_id, [row.member_id]);
  }
  await recordAudit(tx, audit, {
    action: 'payment.csv_imported',
    entityType: 'payment',
    after: {
      batch: options.batch,
      rows: { first: rows[0]?.row ?? null, last: rows.at(-1)?.row ?? null, applied: applied.length },
      membersCreated: createdParish.size,
      paymentsCreated: inserted.length,
      errors,
      ...(reconciled.amountChanges.length > 0 && { amountChanges: reconciled.amountChanges }),
      ...(accepted.length > 0 && { acceptedMismatches: accepted }),
    },
  });
  const success = successRows(applied, memberIds, createdParish, inserted);
  return {
    success,
    errors,
    membersCreated: createdParish.size,
    assigned,
    amounts: { assigned: inserted.length, ...reconciled.counts },
  };
}

/**
 * The account-head CSV template (`docs/domain.md`, §2 "File names"): the three member columns, one
 * head of each type, one example row.
 */
export const PAYMENT_CSV_TEMPLATE =
  'ParishNumber,Name,Phone,(Arrears Example 2025),Current Example 2026,*Misc Example 2026*\r\n' +
  'SM001,Thomas Mathew,9847012345,500,1500,250\r\n';
