import { sql } from 'drizzle-orm';

import {
  MSG,
  duplicateHeldBy,
  mismatchedFields,
  normalizeMobile,
  type Paise,
  type RowError,
  type UploadMismatch,
} from '@parish/shared';

import { queryRows, type DbOrTx } from '../../db/client.ts';
import { memberVisible } from '../../db/import-batches.ts';

/** A data row of the account-head CSV that passed the row checks (`parseMatrix`). */
export interface ParsedRow {
  /** 1-based data row number (the header is row 0). */
  row: number;
  parishNumber: string;
  name: string;
  /** Raw phone text, as the file wrote it. */
  phone: string;
  /** Paise per head column index; only non-zero cells. */
  amounts: Map<number, Paise>;
}

/** An active, visible member an upload row may meet: id, upper-case parish number, name, 12-digit mobile. */
export interface KnownMember {
  id: string;
  parish: string;
  name: string;
  mobile: string;
}

/** The members a set of rows may meet, by upper-case parish number and by mobile. */
export interface KnownMembers {
  byParish: Map<string, KnownMember>;
  byMobile: Map<string, KnownMember>;
}

/** A member to create from a row: its first row, name and normalised mobile. */
export type NewMember = { row: number; name: string; mobile: string };

/** What {@link classifyRows} makes of a set of rows (decision 0110). */
export interface RowClasses {
  /** Rows never applied: a new member's missing or invalid field, or a mobile already held. */
  errors: RowError[];
  /** New members by parish number (the first row of each). */
  toCreate: Map<string, NewMember>;
  /** The rows that are applied: matching rows, ticked mismatches and the rows of new members. */
  rowsToApply: ParsedRow[];
  /** Rows whose parish number is held by a member (existing, or created by an earlier row) and that match it. */
  matched: ParsedRow[];
  /** Rows whose name or phone differs from the member holding their parish number, ticked or not. */
  mismatches: UploadMismatch[];
}

/**
 * The checks a row that creates a member must pass: name and phone given, name at most 100
 * characters, a valid mobile not held by an active member nor by an earlier new member of the rows.
 * @returns the normalised mobile, or the row's error message (naming the holder of a duplicate)
 */
function newMemberCheck(
  row: ParsedRow,
  known: KnownMembers,
  newMobiles: ReadonlyMap<string, number>,
): { mobile: string } | { error: string } {
  if (!row.name || !row.phone) return { error: MSG.memberRequired };
  if (row.name.length > 100) return { error: MSG.nameTooLong };
  const mobile = normalizeMobile(row.phone);
  if (!mobile.ok) return { error: mobile.error };
  const holder = known.byMobile.get(mobile.mobile);
  if (holder)
    return { error: duplicateHeldBy('Mobile', mobile.mobile, { parishNumber: holder.parish, name: holder.name }) };
  const earlier = newMobiles.get(mobile.mobile);
  if (earlier !== undefined) return { error: duplicateHeldBy('Mobile', mobile.mobile, { row: earlier }) };
  return { mobile: mobile.mobile };
}

/**
 * Sorts rows for the dues matrix (`docs/domain.md`, §5 "Account head CSV", decision 0110), with no
 * database work: a row whose parish number is held (by an active member, or by a member an earlier
 * row creates) is matched when its name and phone agree with that member, else a mismatch, applied
 * only when its row number is in `accept`; any other row creates its member when
 * {@link newMemberCheck} passes, else it is a row error.
 * @param rows rows in file order
 * @param known the members the rows may meet ({@link findKnownMembers})
 * @param accept the row numbers of mismatches the admin ticked
 */
export function classifyRows(rows: readonly ParsedRow[], known: KnownMembers, accept: ReadonlySet<number>): RowClasses {
  const classes: RowClasses = { errors: [], toCreate: new Map(), rowsToApply: [], matched: [], mismatches: [] };
  const newMobiles = new Map<string, number>();
  for (const row of rows) {
    const existing = known.byParish.get(row.parishNumber);
    const created = classes.toCreate.get(row.parishNumber);
    const holder = existing ?? (created && { name: created.name, mobile: created.mobile });
    if (holder) {
      const fields = mismatchedFields(row, holder);
      if (fields.length === 0) classes.matched.push(row);
      else classes.mismatches.push({ row: row.row, parishNumber: row.parishNumber, memberName: holder.name, fields });
      if (fields.length === 0 || accept.has(row.row)) classes.rowsToApply.push(row);
      continue;
    }
    const check = newMemberCheck(row, known, newMobiles);
    if ('error' in check) {
      classes.errors.push({ row: row.row, message: check.error });
      continue;
    }
    newMobiles.set(check.mobile, row.row);
    classes.toCreate.set(row.parishNumber, { row: row.row, name: row.name, mobile: check.mobile });
    classes.rowsToApply.push(row);
  }
  return classes;
}

/**
 * The active, visible members holding the rows' parish numbers (upper case) or their valid mobiles,
 * in one query (inside the batch's transaction on apply, so the check is the one applied).
 */
export async function findKnownMembers(db: DbOrTx, rows: readonly ParsedRow[]): Promise<KnownMembers> {
  const parishNumbers = [...new Set(rows.map((row) => row.parishNumber))];
  const mobiles = [
    ...new Set(
      rows.flatMap((row) => {
        const mobile = normalizeMobile(row.phone);
        return mobile.ok ? [mobile.mobile] : [];
      }),
    ),
  ];
  const found = await queryRows<KnownMember>(
    db,
    sql`select id::text as id, upper(parish_number) as parish, name, mobile from members
        where is_active and ${memberVisible(sql`members.import_batch_id`)}
          and (upper(parish_number) = any(${sql.param(parishNumbers)}::text[])
               or mobile = any(${sql.param(mobiles)}::text[]))`,
  );
  return {
    byParish: new Map(found.map((member) => [member.parish, member])),
    byMobile: new Map(found.map((member) => [member.mobile, member])),
  };
}
