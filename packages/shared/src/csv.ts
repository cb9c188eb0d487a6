/**
 * CSV helpers both sides use. Every CSV the product writes passes each cell through
 * {@link neutralizeCsvCell}, so a member-entered value such as `=HYPERLINK(...)` opens in a
 * spreadsheet as text, never as a formula (`docs/domain.md`, §11 "EX-01 CSV injection").
 * Serialising (quoting) is left to papaparse's `unparse` in each app.
 */

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A negative number written as text, as the downloads write a negative amount (`-500.00`, `-5`):
 * a minus, ASCII digits, optionally a point and more digits, nothing else. A spreadsheet reads it
 * as the number it is, never as a formula, so it is not neutralised (issue 27 item 10).
 * `reports/csv-sql.ts` holds the same pattern for the CSV the database writes.
 */
export const NEGATIVE_NUMBER_TEXT = /^-[0-9]+(\.[0-9]+)?$/;

/**
 * Neutralises a cell for CSV output (`docs/domain.md`, §11 "EX-01 CSV injection"): a text
 * starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading apostrophe, unless it is
 * a plain negative number ({@link NEGATIVE_NUMBER_TEXT}: `-500.00` stays `-500.00`, `-2+3` becomes
 * `'-2+3`). Numbers and booleans are returned as they are; null and undefined become `''`.
 */
export function neutralizeCsvCell(value: string | number | boolean | null | undefined): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  if (value.length === 0 || !FORMULA_TRIGGERS.has(value.charAt(0)) || NEGATIVE_NUMBER_TEXT.test(value)) return value;
  return `'${value}`;
}

/** Neutralises every cell of a table (rows of cells) for CSV output. */
export function neutralizeCsvRows(
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): (string | number | boolean)[][] {
  return rows.map((row) => row.map(neutralizeCsvCell));
}

/**
 * A file name dated by ISO day, as the exports are (`docs/domain.md`, §2 "File names"):
 * `datedFileName('daily_collection_report', '2026-11-22')` -> `daily_collection_report_2026-11-22.csv`.
 */
export function datedFileName(prefix: string, isoDate: string, extension = 'csv'): string {
  return `${prefix}_${isoDate}.${extension}`;
}

/** A plain rupee amount as the downloads write it: digits, a point, two decimals (`1500.00`). */
const PLAIN_RUPEES = /^-?\d{1,13}\.\d{2}$/;

/** One cell of an .xlsx workbook, in the shape `write-excel-file` takes (server and browser). */
export type SpreadsheetCell =
  | { value: string; type: StringConstructor; fontWeight?: 'bold' }
  | { value: number; type: NumberConstructor; format?: string }
  | { value: boolean; type: BooleanConstructor }
  | null;

/**
 * One cell of an Excel download (`docs/decisions/0040-excel-downloads-made-on-the-server.md`): a
 * plain rupee amount (`1500.00`) a number shown with two decimals, every other text a string cell
 * (mobiles, parish numbers and receipt numbers keep every digit and leading zero; never a formula,
 * so it needs no neutralising), nothing for null or blank. Header cells are bold text.
 */
export function spreadsheetCell(cell: string | number | boolean | null | undefined, header = false): SpreadsheetCell {
  if (cell === null || cell === undefined || cell === '') return null;
  if (header) return { value: String(cell), type: String, fontWeight: 'bold' };
  if (typeof cell === 'string' && PLAIN_RUPEES.test(cell)) return { value: Number(cell), type: Number, format: '0.00' };
  if (typeof cell === 'number') return { value: cell, type: Number };
  if (typeof cell === 'boolean') return { value: cell, type: Boolean };
  return { value: cell, type: String };
}
