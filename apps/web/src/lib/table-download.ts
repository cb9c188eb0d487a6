import { datedFileName, neutralizeCsvRows, spreadsheetCell } from '@parish/shared';

/**
 * Downloads of tables the browser already holds (a member's payment history, a head's members, a
 * cashier's collections): the same rows as a CSV (UTF-8 byte order mark, formula-neutralised) or
 * as an Excel workbook (`docs/decisions/0054-excel-beside-browser-made-csvs.md`). Both writers load
 * on the first download (papaparse, write-excel-file's browser build), so neither enters a bundle
 * until a staff member asks for a file, and the member's side never imports this module.
 */

/** A download's format. */
export type TableFormat = 'csv' | 'xlsx';

/** One cell as the screens build it: text, a number, or nothing. */
export type TableCell = string | number | boolean | null | undefined;

/** The content type of an .xlsx file. */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The file of `header` and `rows` in `format`: a CSV with a byte order mark, each data cell
 * neutralised (`neutralizeCsvRows`), or a one-sheet workbook whose header row is bold and stays in
 * view, plain rupee amounts (`1500.00`) number cells and every other text a text cell
 * (`spreadsheetCell`: a 12-digit mobile keeps every digit).
 */
export async function tableFile(
  header: readonly string[],
  rows: readonly TableCell[][],
  format: TableFormat,
): Promise<Blob> {
  if (format === 'csv') {
    const { default: Papa } = await import('papaparse');
    const csv = Papa.unparse([[...header], ...neutralizeCsvRows(rows)]);
    return new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  }
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const data = [
    header.map((cell) => spreadsheetCell(cell, true)),
    ...rows.map((row) => row.map((cell) => spreadsheetCell(cell))),
  ];
  const blob = await writeXlsxFile(data, { stickyRowsCount: 1 }).toBlob();
  return blob.type ? blob : new Blob([blob], { type: XLSX_TYPE });
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Saves `header` and `rows` as `<prefix>_<isoDay>.csv` or `.xlsx` (`docs/domain.md`, §2 "File
 * names"). Rejects when the writer cannot be loaded (offline after a deploy).
 */
export async function downloadTable(
  header: readonly string[],
  rows: readonly TableCell[][],
  { prefix, isoDay, format }: { prefix: string; isoDay: string; format: TableFormat },
): Promise<void> {
  saveBlob(await tableFile(header, rows, format), datedFileName(prefix, isoDay, format));
}
