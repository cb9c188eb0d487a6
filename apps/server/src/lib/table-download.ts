import { neutralizeCsvRows } from '@parish/shared';
import Papa from 'papaparse';

import { UTF8_BOM, XLSX_CONTENT_TYPE, xlsxStream, type Cell } from './spreadsheet.ts';

/**
 * Tables as files to download (`docs/domain.md`, "File names"; decision 0040): CSV (UTF-8 with a
 * byte order mark, every cell neutralised: `docs/domain.md`, "EX-01 CSV injection") or an Excel
 * workbook (`spreadsheet.ts`), produced as the rows are read. Used by the reports and the
 * office's day sheets.
 */

/** One CSV chunk: the rows neutralised and quoted, each line ending in CRLF. */
export function csvChunk(rows: Cell[][]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(neutralizeCsvRows(rows), { newline: '\r\n' })}\r\n`;
}

/** A file to download: its dated name, its content type and its bytes, produced as the rows are read. */
export interface Download {
  fileName: string;
  contentType: string;
  chunks: AsyncIterable<string | Uint8Array>;
}

/** The formats a table downloads in: CSV (UTF-8 with BOM) or an Excel workbook. */
export type TableFormat = 'csv' | 'xlsx';

/**
 * A table (row chunks, header first) as a download of `format`: CSV with a UTF-8 byte order mark
 * first (so Excel reads Malayalam names) and every cell neutralised, or an .xlsx workbook
 * ({@link xlsxStream}) whose text cells stay text.
 * @param baseName the dated file name without extension, e.g. `member_wise_due_report_2026-11-22`
 */
export function tableDownload(baseName: string, format: TableFormat, rows: AsyncIterable<Cell[][]>): Download {
  return format === 'xlsx'
    ? { fileName: `${baseName}.xlsx`, contentType: XLSX_CONTENT_TYPE, chunks: xlsxStream(rows) }
    : { fileName: `${baseName}.csv`, contentType: 'text/csv; charset=utf-8', chunks: csvText(rows) };
}

/** CSV text of row chunks: the UTF-8 byte order mark, then each chunk quoted and neutralised. */
export async function* csvText(rows: AsyncIterable<Cell[][]>): AsyncGenerator<string> {
  yield UTF8_BOM;
  for await (const chunk of rows) yield csvChunk(chunk);
}
