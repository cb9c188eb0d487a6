import { spreadsheetCell } from '@parish/shared';
import writeXlsxFile, { type Cell as XlsxCell, type SheetData } from 'write-excel-file/node';

/**
 * Excel downloads beside every CSV (`docs/domain.md`, §2 "File names";
 * `docs/decisions/0040-excel-downloads-made-on-the-server.md`): an .xlsx workbook made on the
 * server with write-excel-file, so no spreadsheet library reaches the browser. Text stays text
 * (mobiles, parish numbers and receipt numbers keep every digit and leading zero; Malayalam is
 * stored as Unicode text, which Excel reads without a byte order mark); plain rupee amounts
 * become number cells with two decimals.
 */

/** The content type of an .xlsx file. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The UTF-8 byte order mark that starts every CSV download, so Excel reads it as UTF-8. */
export const UTF8_BOM = '\ufeff';

/** One cell of a table to download, before neutralising (CSV) or typing (.xlsx). */
export type Cell = string | number | boolean | null | undefined;

/** One cell of the workbook: the shared rule (`spreadsheetCell`), so browser-made workbooks match. */
export function xlsxCell(cell: Cell, header = false): XlsxCell {
  return spreadsheetCell(cell, header);
}

/**
 * An .xlsx workbook of one sheet from row chunks (header first, kept in view when scrolling).
 * The rows are read as they come, then the file is written whole: a workbook is a zip, so it is
 * sent once complete (an error while reading rows fails the request before any byte is sent).
 */
export async function* xlsxStream(rows: AsyncIterable<Cell[][]>, sheet = 'Sheet1'): AsyncGenerator<Uint8Array> {
  const data: SheetData = [];
  for await (const chunk of rows) {
    for (const cells of chunk) data.push(cells.map((cell) => xlsxCell(cell, data.length === 0)));
  }
  yield await writeXlsxFile(data, { sheet, stickyRowsCount: 1 }).toBuffer();
}
