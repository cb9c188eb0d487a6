import { sql } from 'drizzle-orm';

import {
  MSG,
  duplicateHeldBy,
  memberInputSchema,
  mismatchedFields,
  type MemberImportPreview,
  type UploadHolder,
  type Member,
  type MemberImportError,
  type MemberImportResult,
  type MemberImportRow,
  type MemberInput,
  whatsappConsentOfCell,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { lockDataVersions } from '../../db/data-versions.ts';
import { finishImportBatch, removeImportBatch, startImportBatch, touchImportBatch } from '../../db/import-batches.ts';
import { recordAudit, recordAuditForEach } from '../audit/audit.repository.ts';
import { ensureWards, newWardNames, wardOfCell } from './import-wards.ts';

/**
 * Rows per INSERT statement and per transaction. One chunk is one `INSERT ... SELECT FROM
 * unnest(...)` (`docs/domain.md`, §12 "What the goals force", item 5: set-based, not row at a time)
 * under the import's batch. 250 rows keep every statement of an import well under 250 ms on PGlite
 * (its single connection serves everyone meanwhile): the trigram index's pending list, flushed by
 * whichever insert fills it, makes larger chunks spike (decision 0049, with the measurements).
 */
export const MEMBER_IMPORT_CHUNK_ROWS = 250;

/** A row that passed the checks, with its 1-based row number in the file. */
export interface AcceptedRow {
  row: number;
  input: MemberInput;
  /** The row's ward by name, trimmed; undefined for none (decision 0126). */
  ward?: string | undefined;
  /** The row's WhatsApp consent column said yes (decision 0144): recorded with method `import`. */
  consent?: boolean | undefined;
}

/** A members row as raw SQL returns it (snake_case columns). */
interface RawMemberRow {
  id: string;
  name: string;
  mobile: string;
  parish_number: string;
  alternate_contact: string | null;
  current_location: string | null;
  email: string | null;
  address: string | null;
  is_active: boolean;
  created_at: string | Date;
  ward_id: string | null;
}

/** A raw members row as the API shows a member (a new member has no heads yet). */
function memberOfRawRow(row: RawMemberRow): Member {
  return {
    _id: row.id,
    name: row.name,
    mobile: row.mobile,
    parishNumber: row.parish_number,
    ...(row.alternate_contact != null && { alternateContact: row.alternate_contact }),
    ...(row.current_location != null && { currentLocation: row.current_location }),
    ...(row.email != null && { email: row.email }),
    ...(row.address != null && { address: row.address }),
    selectedParticulars: [],
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.ward_id != null && { wardId: row.ward_id }),
  };
}

/** A text array as ONE bound parameter (Drizzle would spread a plain JS array into a list). */
function textArray(values: readonly (string | null)[]) {
  return sql`${sql.param(values)}::text[]`;
}

/** An active member holding a value an import row would take: parish number, name, 12-digit mobile. */
interface Holder {
  parishNumber: string;
  name: string;
  mobile: string;
}

/**
 * The active members holding the candidates' mobiles or upper-cased parish numbers (one query for
 * the whole file), by mobile and by upper-case parish number.
 */
async function findTaken(
  db: DbOrTx,
  candidates: readonly AcceptedRow[],
): Promise<{ byMobile: Map<string, UploadHolder>; byParish: Map<string, UploadHolder>; members: Map<string, Holder> }> {
  const empty = { byMobile: new Map(), byParish: new Map(), members: new Map() };
  if (candidates.length === 0) return empty;
  const mobiles = candidates.map((candidate) => candidate.input.mobile);
  const parishNumbers = candidates.map((candidate) => candidate.input.parishNumber.toUpperCase());
  const rows = await queryRows<Holder>(
    db,
    sql`select mobile, parish_number as "parishNumber", name from members
        where is_active and (mobile = any(${textArray(mobiles)}) or upper(parish_number) = any(${textArray(parishNumbers)}))`,
  );
  return {
    byMobile: new Map(rows.map((row) => [row.mobile, row])),
    byParish: new Map(rows.map((row) => [row.parishNumber.toUpperCase(), row])),
    members: new Map(rows.map((row) => [row.parishNumber.toUpperCase(), row])),
  };
}

/** A valid row whose parish number an active member holds: never imported (decision 0110). */
export interface HeldRow {
  row: number;
  input: MemberInput;
  holder: Holder;
}

/**
 * Checks every row (`docs/domain.md`, §5 "Member CSV import"): the shared member schema (its first
 * issue's message is the row message), then duplicates of an active member or of an earlier
 * accepted row of the same file (parish number case-insensitive, then mobile), whose message names
 * the field and who holds the value (decision 0110, {@link duplicateHeldBy}).
 * @returns the rows to import, the skipped rows' errors, and the valid rows whose parish number an
 *   active member holds (also among the errors), for the dry run
 */
async function checkRows(
  db: DbOrTx,
  rows: readonly MemberImportRow[],
): Promise<{ accepted: AcceptedRow[]; errors: MemberImportError[]; held: HeldRow[] }> {
  const errors: MemberImportError[] = [];
  const valid: AcceptedRow[] = [];
  rows.forEach((raw, index) => {
    const { ward: _ward, whatsappConsent: _consent, ...fields } = raw;
    const parsed = memberInputSchema.safeParse(fields);
    const ward = wardOfCell(raw.ward);
    const consent = whatsappConsentOfCell(raw.whatsappConsent);
    if (!parsed.success) errors.push({ row: index + 1, message: parsed.error.issues[0]?.message ?? MSG.invalidInput });
    else if ('error' in ward) errors.push({ row: index + 1, message: ward.error });
    else if (typeof consent === 'object') errors.push({ row: index + 1, message: consent.error });
    else valid.push({ row: index + 1, input: parsed.data, ward: ward.ward, consent: consent === true });
  });
  const taken = await findTaken(db, valid);
  const accepted: AcceptedRow[] = [];
  const held: HeldRow[] = [];
  for (const candidate of valid) {
    const { mobile, parishNumber } = candidate.input;
    const parish = parishNumber.toUpperCase();
    const member = taken.members.get(parish);
    if (member) held.push({ row: candidate.row, input: candidate.input, holder: member });
    const parishHolder = taken.byParish.get(parish);
    const mobileHolder = taken.byMobile.get(mobile);
    if (parishHolder || mobileHolder) {
      const message = parishHolder
        ? duplicateHeldBy('Parish number', parishNumber, parishHolder)
        : duplicateHeldBy('Mobile', mobile, mobileHolder as UploadHolder);
      errors.push({ row: candidate.row, message });
      continue;
    }
    taken.byMobile.set(mobile, { row: candidate.row });
    taken.byParish.set(parish, { row: candidate.row });
    accepted.push(candidate);
  }
  errors.sort((a, b) => a.row - b.row);
  return { accepted, errors, held };
}

/**
 * The dry run of a member import (`POST /api/members/bulk/preview`, decision 0110): every row
 * checked as {@link importMembers} checks it, nothing written. A valid row whose parish number an
 * active member holds is `present` when its name and mobile agree with that member, else a
 * mismatch naming the fields; neither is imported.
 * @returns the rows to create, present, mismatched, and the other skipped rows with their messages
 */
export async function previewMemberImport(
  ctx: ServiceContext,
  input: { members: readonly MemberImportRow[] },
): Promise<MemberImportPreview> {
  const { accepted, errors, held } = await checkRows(ctx.db, input.members);
  const heldRows = new Set(held.map((entry) => entry.row));
  const present: MemberImportPreview['present'] = [];
  const mismatches: MemberImportPreview['mismatches'] = [];
  for (const { row, input: member, holder } of held) {
    const raw = input.members[row - 1];
    const fields = mismatchedFields({ name: raw?.name ?? '', phone: raw?.mobile ?? '' }, holder);
    const parishNumber = holder.parishNumber;
    if (fields.length === 0) present.push({ row, parishNumber, name: member.name });
    else mismatches.push({ row, parishNumber, memberName: holder.name, fields });
  }
  return {
    totalRows: input.members.length,
    toCreate: accepted.map(({ row, input: member }) => ({ row, parishNumber: member.parishNumber, name: member.name })),
    present,
    mismatches,
    errors: errors.filter((error) => !heldRows.has(error.row)),
    newWards: await newWardNames(
      ctx.db,
      accepted.map((row) => row.ward),
    ),
  };
}

/**
 * Inserts one chunk of checked rows under an unfinished import batch, in one transaction: the rows
 * stay invisible to every read until {@link finishMemberImport}. `ON CONFLICT DO NOTHING` covers
 * the partial unique indexes of active members, so a member added by someone else between the
 * check and the insert skips only the conflicting row, which is reported as a duplicate; the other
 * rows go in. A row whose WhatsApp consent column says yes is created with its consent (method
 * `import`, the clock's time) and one `member.whatsapp_consent_given` audit record per such member,
 * in the same transaction (decision 0144). Exported for the race test.
 * @param batchId the import's batch (`startImportBatch`).
 * @param chunk rows with unique mobiles and parish numbers among themselves (see checkRows).
 * @returns the members created (row order) and the rows skipped by such a race.
 */
export async function insertMemberChunk(
  ctx: ServiceContext,
  batchId: string,
  chunk: readonly AcceptedRow[],
  wardIds: ReadonlyMap<string, string> = new Map(),
): Promise<{ created: Member[]; raced: MemberImportError[] }> {
  const column = (pick: (input: MemberInput) => string | undefined) =>
    textArray(chunk.map((accepted) => pick(accepted.input) ?? null));
  const wards = textArray(
    chunk.map((accepted) => (accepted.ward ? (wardIds.get(accepted.ward.toLowerCase()) ?? null) : null)),
  );
  const now = ctx.clock.now().toISOString();
  const consentAt = textArray(chunk.map((accepted) => (accepted.consent ? now : null)));
  return ctx.db.transaction(async (tx) => {
    await lockDataVersions(tx, ['members']);
    await touchImportBatch(tx, batchId);
    const inserted = await queryRows<RawMemberRow>(
      tx,
      sql`insert into members
            (name, mobile, parish_number, alternate_contact, current_location, email, address,
             password_hash, password_is_initial, import_batch_id, ward_id,
             whatsapp_consent_at, whatsapp_consent_method)
          select n, m, p, ac, cl, e, a, null, true, ${batchId}::uuid, w::uuid,
                 ca::timestamptz, case when ca is null then null else 'import' end
          from unnest(${column((i) => i.name)}, ${column((i) => i.mobile)}, ${column((i) => i.parishNumber)},
                      ${column((i) => i.alternateContact)}, ${column((i) => i.currentLocation)},
                      ${column((i) => i.email)}, ${column((i) => i.address)}, ${wards}, ${consentAt})
               as source(n, m, p, ac, cl, e, a, w, ca)
          on conflict do nothing
          returning id, name, mobile, parish_number, alternate_contact, current_location, email, address,
                    is_active, created_at, ward_id`,
    );
    // Mobiles are unique within a chunk (checkRows), so they tell which rows went in.
    const byMobile = new Map(inserted.map((row) => [row.mobile, row]));
    const created: Member[] = [];
    const raced: MemberImportError[] = [];
    for (const accepted of chunk) {
      const row = byMobile.get(accepted.input.mobile);
      if (row) created.push(memberOfRawRow(row));
      else raced.push({ row: accepted.row, message: MSG.duplicateMember });
    }
    // Consent from the register, audited like every other consent given (one statement).
    const consenting = chunk.flatMap((accepted) => {
      const row = accepted.consent ? byMobile.get(accepted.input.mobile) : undefined;
      return row ? [row.id] : [];
    });
    await recordAuditForEach(tx, ctx.audit, consenting, {
      action: 'member.whatsapp_consent_given',
      entityType: 'member',
      before: { optOut: false },
      after: { method: 'import', optOut: false },
    });
    return { created, raced };
  });
}

/**
 * Shows an import's rows: finishes its batch (one short UPDATE, the new members data version) with
 * the import's one 'member.imported' audit event (count, first and last row, duplicates skipped by
 * a race), in one transaction. Exported for the race test.
 * @throws Error when the batch is gone (a start-up removed it): nothing was imported.
 */
export async function finishMemberImport(
  ctx: ServiceContext,
  batchId: string,
  summary: { count: number; fromRow: number; toRow: number; skippedAsDuplicates: number },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await finishImportBatch(tx, batchId))) throw new Error(`import batch ${batchId} was removed`);
    await recordAudit(tx, ctx.audit, {
      action: 'member.imported',
      entityType: 'member',
      after: summary,
    });
  });
}

/**
 * Imports members from CSV rows (admin; `POST /api/members/bulk`, `docs/domain.md`, §5 "Member CSV import"):
 * valid rows are imported even when others fail; each skipped row gets the product's message
 * (validation, or 'Member with this mobile number or parish number already exists' for a duplicate
 * of an active member or of an earlier row). Imported members are on the initial password (no hash,
 * `passwordIsInitial` true). All or nothing as users see it (decision 0049): chunks of
 * {@link MEMBER_IMPORT_CHUNK_ROWS} rows are written under one import batch, invisible to every
 * read, then shown at once with one 'member.imported' audit event; a failure removes the batch
 * (and a crash leaves it for the next start-up to remove).
 * @param input `members`: the raw rows in file order (the request body); row numbers in the
 *   answer are 1-based positions.
 * @returns `{ success, imported, errors (by row), members (created, in row order) }`.
 * @throws the database's error when a chunk fails: nothing of the file is imported.
 */
export async function importMembers(
  ctx: ServiceContext,
  input: { members: readonly MemberImportRow[] },
): Promise<MemberImportResult> {
  const { accepted, errors } = await checkRows(ctx.db, input.members);
  const created: Member[] = [];
  const [first, last] = [accepted[0], accepted.at(-1)];
  if (!first || !last) return { success: true, imported: 0, errors, members: created };
  // The wards the file names that do not exist yet are created first (decision 0126).
  const wardIds = await ensureWards(
    ctx,
    accepted.map((row) => row.ward),
  );
  const batchId = await startImportBatch(ctx.db, 'members');
  let raced = 0;
  try {
    for (let start = 0; start < accepted.length; start += MEMBER_IMPORT_CHUNK_ROWS) {
      const chunk = accepted.slice(start, start + MEMBER_IMPORT_CHUNK_ROWS);
      const result = await insertMemberChunk(ctx, batchId, chunk, wardIds);
      created.push(...result.created);
      errors.push(...result.raced);
      raced += result.raced.length;
    }
    await finishMemberImport(ctx, batchId, {
      count: created.length,
      fromRow: first.row,
      toRow: last.row,
      skippedAsDuplicates: raced,
    });
  } catch (error) {
    await removeImportBatch(ctx.db, batchId).catch(() => undefined);
    throw error;
  }
  // After the batch is shown: open screens refresh (issue 6).
  if (created.length > 0) ctx.events.publish({ type: 'member.updated', data: { count: created.length } });
  errors.sort((a, b) => a.row - b.row);
  return { success: true, imported: created.length, errors, members: created };
}
