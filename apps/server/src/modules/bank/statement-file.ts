import { BANK_MSG, parseRupeesToPaise, type ColumnMapping, type Paise, type StatementDateFormat } from '@parish/shared';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';

import { badRequest } from '../../lib/app-error.ts';

/**
 * Reading a bank statement as the bank's net banking exports it (decision 0149; `docs/domain.md`,
 * "Column mappings"): the file's rows (CSV or .xlsx), then the lines a column mapping reads from
 * them. Pure functions of the bytes and the mapping: nothing is stored here.
 */

/** One cell as read: text from a CSV, or what an .xlsx cell holds (a Date for a date cell). */
export type RawCell = string | number | boolean | Date | null;

/** One statement line as the mapping reads it: amounts in paise, credit positive, debit negative. */
export interface ParsedLine {
  /** 1-based row of the file, for messages. */
  row: number;
  /** The calendar date the bank prints, `YYYY-MM-DD`. */
  date: string;
  narration: string;
  /** The reference / UTR / cheque number cell; '' when none. */
  reference: string;
  amountPaise: Paise;
  balancePaise: Paise;
  /** The 12-digit UPI reference found in the line, or null. */
  utr: string | null;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

const unreadable = () => badRequest(BANK_MSG.unreadableFile, 'content');

/**
 * The rows of a statement file: an .xlsx workbook's first sheet (recognised by its zip header), or
 * CSV text in UTF-8 (a byte order mark dropped). An old binary .xls, an empty file, or text with NUL
 * characters is refused.
 * @throws AppError 400 `BANK_MSG.unreadableFile` (field `content`)
 */
export async function readStatementRows(bytes: Buffer): Promise<RawCell[][]> {
  if (bytes.length === 0 || startsWith(bytes, OLE_MAGIC)) throw unreadable();
  if (startsWith(bytes, ZIP_MAGIC)) {
    try {
      const [sheet] = await readXlsxFile(bytes);
      return (sheet?.data ?? []).map((row) => row.map((cell) => (typeof cell === 'function' ? null : (cell ?? null))));
    } catch {
      throw unreadable();
    }
  }
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  if (text.includes('\u0000') || text.includes('\ufffd')) throw unreadable();
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const rows = parsed.data;
  // A trailing newline leaves one empty row behind.
  while (rows.length > 0 && rows.at(-1)?.every((cell) => cell.trim() === '')) rows.pop();
  if (rows.length === 0) throw unreadable();
  return rows;
}

/** A cell as text (a Date as `YYYY-MM-DD`, a number as JavaScript prints it), trimmed. */
export function cellText(cell: RawCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const FORMAT_PATTERNS: Record<StatementDateFormat, RegExp> = {
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'DD-MM-YYYY': /^(?<d>\d{1,2})-(?<m>\d{1,2})-(?<y>\d{4})$/,
  'DD/MM/YY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{2})$/,
  'DD-MM-YY': /^(?<d>\d{1,2})-(?<m>\d{1,2})-(?<y>\d{2})$/,
  'DD-MMM-YYYY': /^(?<d>\d{1,2})-(?<mon>[A-Za-z]{3})-(?<y>\d{4})$/,
  'DD MMM YYYY': /^(?<d>\d{1,2}) (?<mon>[A-Za-z]{3}) (?<y>\d{4})$/,
  'DD-MMM-YY': /^(?<d>\d{1,2})-(?<mon>[A-Za-z]{3})-(?<y>\d{2})$/,
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})$/,
};

/**
 * A statement date in the mapping's format as `YYYY-MM-DD`, or null when it does not read or is
 * no calendar date (31/02). An .xlsx date cell is taken as it is (its day, whatever the format);
 * a two-digit year is 20YY. A time after the date (`01/11/2026 10:15:00`) is ignored.
 */
export function parseStatementDate(cell: RawCell | undefined, format: StatementDateFormat): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  const text = cellText(cell)
    .replace(/\s+\d{1,2}:\d{2}(:\d{2})?(\s*[AP]M)?$/i, '')
    .replace(/\s+/g, ' ');
  const groups = FORMAT_PATTERNS[format].exec(text)?.groups;
  if (!groups) return null;
  const year = Number(groups.y) + (groups.y?.length === 2 ? 2000 : 0);
  const month = groups.mon ? MONTHS.indexOf(groups.mon.toLowerCase()) + 1 : Number(groups.m);
  const day = Number(groups.d);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An amount cell in paise: '' or '-' is 0; text may carry grouping commas, `₹`/`INR`, and a
 * `Cr`/`Dr` suffix (Dr, or a leading minus, makes it negative: only a balance may be); a number
 * cell must have at most two decimals.
 * @returns the paise, or null when the cell is not an amount
 */
export function parseStatementAmount(cell: RawCell | undefined): Paise | null {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return null;
    const paise = Math.round(cell * 100);
    return Math.abs(cell * 100 - paise) < 1e-6 ? (paise as Paise) : null;
  }
  let text = cellText(cell)
    .replace(/^(₹|INR|Rs\.?)\s*/i, '')
    .replace(/\s+/g, '');
  if (text === '' || text === '-') return 0 as Paise;
  let sign = 1;
  const suffix = /(Cr|Dr)\.?$/i.exec(text);
  if (suffix) {
    if (suffix[1]?.toLowerCase() === 'dr') sign = -1;
    text = text.slice(0, suffix.index);
  }
  if (text.startsWith('-')) {
    sign = -sign;
    text = text.slice(1);
  }
  const paise = parseRupeesToPaise(text);
  return paise === null ? null : ((sign * paise) as Paise);
}

/**
 * The UPI reference (UTR) of a line: the reference cell when it is 12 digits, else the first run
 * of exactly 12 digits in a narration that names UPI (`UPI/CR/412345678901/NAME/…`,
 * `UPI-JOHN-412345678901-…`). Null when there is none.
 */
export function utrOf(narration: string, reference: string): string | null {
  if (/^\d{12}$/.test(reference)) return reference;
  if (!/UPI/i.test(narration)) return null;
  return /(?<!\d)\d{12}(?!\d)/.exec(narration)?.[0] ?? null;
}

const rowIsBlank = (row: RawCell[]) => row.every((cell) => cellText(cell) === '');

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

/**
 * The lines a mapping reads from a statement's rows: `skipRows` rows dropped at the top,
 * `footerRows` non-blank rows at the bottom, blank rows between skipped; every other row must give a
 * date in the mapping's format, a debit or a credit (not both), and a balance.
 * @throws AppError 400 naming the row and the cell that does not read, or `BANK_MSG.noLines`
 */
export function linesOf(rows: RawCell[][], mapping: ColumnMapping): ParsedLine[] {
  let end = rows.length;
  while (end > 0 && rowIsBlank(rows[end - 1] ?? [])) end -= 1;
  end -= mapping.footerRows;
  const lines: ParsedLine[] = [];
  for (let index = mapping.skipRows; index < end; index += 1) {
    const row = rows[index] ?? [];
    if (rowIsBlank(row)) continue;
    const rowNumber = index + 1;
    const cell = (column: number) => {
      if (column > row.length) {
        throw badRequest(fill(BANK_MSG.noSuchColumn, { row: rowNumber, column }), 'mapping');
      }
      return row[column - 1] ?? null;
    };
    const date = parseStatementDate(cell(mapping.dateColumn), mapping.dateFormat);
    if (!date) {
      throw badRequest(
        fill(BANK_MSG.badDate, {
          row: rowNumber,
          value: cellText(cell(mapping.dateColumn)),
          format: mapping.dateFormat,
        }),
        'content',
      );
    }
    const amount = (column: number, name: string, signed: boolean): Paise => {
      const value = parseStatementAmount(cell(column));
      if (value === null || (!signed && value < 0)) {
        throw badRequest(
          fill(BANK_MSG.badAmount, { row: rowNumber, value: cellText(cell(column)), column: name }),
          'content',
        );
      }
      return value;
    };
    const debit = amount(mapping.debitColumn, 'debit', false);
    const credit = amount(mapping.creditColumn, 'credit', false);
    const balance = amount(mapping.balanceColumn, 'balance', true);
    if ((debit === 0) === (credit === 0)) {
      throw badRequest(fill(BANK_MSG.oneOfDebitCredit, { row: rowNumber }), 'content');
    }
    const narration = cellText(cell(mapping.narrationColumn)).replace(/\s+/g, ' ');
    const reference = mapping.referenceColumn === null ? '' : cellText(cell(mapping.referenceColumn));
    lines.push({
      row: rowNumber,
      date,
      narration,
      reference,
      amountPaise: (credit - debit) as Paise,
      balancePaise: balance,
      utr: utrOf(narration, reference),
    });
  }
  if (lines.length === 0) throw badRequest(BANK_MSG.noLines, 'mapping');
  return lines;
}
