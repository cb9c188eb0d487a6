import { MSG } from './messages.ts';
import type { MemberImportRow } from './schemas/member-import.ts';

/** A member field a CSV column can fill. */
export type MemberCsvField = keyof Required<MemberImportRow>;

/** Which column (0-based) holds each field; the three required ones are always present. */
export type MemberCsvColumns = { name: number; mobile: number; parishNumber: number } & Partial<
  Record<Exclude<MemberCsvField, 'name' | 'mobile' | 'parishNumber'>, number>
>;

/** The header of the member CSV template (`member_template.csv`, `docs/domain.md`, §2 "File names"). */
export const MEMBER_CSV_TEMPLATE_HEADER = [
  'Name',
  'Mobile',
  'Parish Number',
  'Alternate Contact',
  'Current Location',
  'Email',
  'Address',
] as const;

/** The example row of the member CSV template. */
export const MEMBER_CSV_TEMPLATE_EXAMPLE = [
  'Thomas Mathew',
  '9847012345',
  'SM101',
  '9847012346',
  'Kottayam',
  'thomas.mathew@example.in',
  'Puthenpurayil House, Pala Road, Kottayam 686001',
] as const;

/** A header cell as it is matched: without a byte-order mark, trimmed, lower-cased. */
function normalizeHeader(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/**
 * The field a header names, by the rules of `docs/domain.md`, §5 "Member CSV import": both 'parish' and
 * 'number' → parish number; 'alternate' → alternate contact; 'name' (not parish) → name;
 * 'mobile' or 'phone' → mobile; 'location' → current location; 'email' → email; 'address' →
 * address; 'ward' or 'family unit' → the ward's name (decision 0126, before 'name', so "Ward Name"
 * is the ward). Checked in this order, so "Email Address" is the email and "Alternate Phone" the
 * alternate contact. First of all, 'consent' → the WhatsApp consent (decision 0144; "WhatsApp
 * Consent"; a "WhatsApp Mobile" column is the mobile).
 */
function fieldOfHeader(header: string): MemberCsvField | null {
  if (header.includes('consent')) return 'whatsappConsent';
  if (header.includes('parish') && header.includes('number')) return 'parishNumber';
  if (header.includes('alternate')) return 'alternateContact';
  if (header.includes('ward') || header.includes('family unit')) return 'ward';
  if (header.includes('name') && !header.includes('parish')) return 'name';
  if (header.includes('mobile') || header.includes('phone')) return 'mobile';
  if (header.includes('location')) return 'currentLocation';
  if (header.includes('email') || header.includes('e-mail')) return 'email';
  if (header.includes('address')) return 'address';
  return null;
}

/**
 * Finds the member columns in a CSV header row (`docs/domain.md`, §5 "Member CSV import"). The
 * first column naming a field wins; unknown columns are ignored.
 * @returns the columns, or `{ ok: false, error }` with 'CSV must contain Name, Mobile, and
 *   Parish Number columns' when one of the three required columns is missing.
 */
export function detectMemberCsvColumns(
  header: readonly string[],
): { ok: true; columns: MemberCsvColumns } | { ok: false; error: string } {
  const found: Partial<Record<MemberCsvField, number>> = {};
  header.forEach((cell, index) => {
    const field = fieldOfHeader(normalizeHeader(cell));
    if (field && found[field] === undefined) found[field] = index;
  });
  const { name, mobile, parishNumber } = found;
  if (name === undefined || mobile === undefined || parishNumber === undefined) {
    return { ok: false, error: MSG.memberCsvHeader };
  }
  return { ok: true, columns: { ...found, name, mobile, parishNumber } };
}

/** Whether every cell of a parsed line is blank (an empty or trailing line of the file). */
function isBlankLine(line: readonly (string | null | undefined)[]): boolean {
  return line.every((cell) => cell == null || String(cell).trim() === '');
}

/**
 * Turns a parsed member CSV (rows of cells, header first, as papaparse gives it without
 * `header: true`) into raw rows for `POST /api/members/bulk`. Fully blank lines are left out, so
 * row 1 is the first non-blank data line. Cells are passed as the file had them (the server
 * trims and validates); a short line gives empty strings; optional fields appear only when the
 * file has their column.
 * @returns `{ ok: true, rows }`, or `{ ok: false, error }` with the product's header message
 *   (`docs/domain.md`, §5 "Error and outcome messages"; also for a file without a header row).
 */
export function memberRowsFromCsv(
  lines: readonly (readonly (string | null | undefined)[])[],
): { ok: true; rows: MemberImportRow[] } | { ok: false; error: string } {
  const nonBlank = lines.filter((line) => !isBlankLine(line));
  const [header, ...data] = nonBlank;
  if (!header) return { ok: false, error: MSG.memberCsvHeader };
  const detected = detectMemberCsvColumns(header.map((cell) => (cell == null ? '' : String(cell))));
  if (!detected.ok) return detected;
  const entries = Object.entries(detected.columns) as [MemberCsvField, number][];
  const rows = data.map((line) => {
    const row: MemberImportRow = {};
    for (const [field, index] of entries) {
      const cell = line[index];
      row[field] = cell == null ? '' : String(cell);
    }
    return row;
  });
  return { ok: true, rows };
}

/**
 * Reads a member CSV row's WhatsApp consent cell (decision 0144): `yes`/`y` → true, `no`/`n` →
 * false, blank or absent → undefined (nothing recorded), case-insensitive and trimmed.
 * @returns the answer, or `{ error }` with `MSG.whatsappConsentCell` for any other text
 */
export function whatsappConsentOfCell(cell: string | undefined): boolean | undefined | { error: string } {
  const value = (cell ?? '').trim().toLowerCase();
  if (value === '') return undefined;
  if (value === 'yes' || value === 'y') return true;
  if (value === 'no' || value === 'n') return false;
  return { error: MSG.whatsappConsentCell };
}
