/**
 * CSV helpers both sides use. Every CSV the product writes passes each cell through
 * {@link neutralizeCsvCell}, so a member-entered value such as `=HYPERLINK(...)` opens in a
 * spreadsheet as text, never as a formula (`docs/domain.md`, §11 "EX-01 CSV injection").
 * Serialising (quoting) is left to papaparse's `unparse` in each app.
 */

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Neutralises a cell for CSV output: a text starting with `=`, `+`, `-`, `@`, tab or carriage
 * return gets a leading apostrophe. Numbers are returned as they are (a negative amount stays a
 * number).
 */
export function neutralizeCsvCell(value: string | number | boolean | null | undefined): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return value.length > 0 && FORMULA_TRIGGERS.has(value.charAt(0)) ? `'${value}` : value;
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
