import { formatPaisePlain } from '@parish/shared';

import { csvChunk } from '../../lib/table-download.ts';
import { UTF8_BOM } from '../../lib/spreadsheet.ts';
import type { Books } from './books.ts';

/**
 * The books as a double-entry journal CSV (issue 30 item 2, decision 0146; `docs/domain.md`,
 * "Accounts export", with the column mapping for Zoho Books, ERPNext and GnuCash): one row per
 * ledger entry, the rows of a voucher together. UTF-8 with a byte order mark, cells neutralised
 * (`csvChunk`). Amounts in rupees with two decimals, the other side empty.
 */

/** The journal CSV's header row. */
export const JOURNAL_COLUMNS = ['Date', 'Voucher Number', 'Voucher Type', 'Ledger', 'Debit', 'Credit', 'Narration'];

/** The journal CSV text of the books (dates `YYYY-MM-DD`, parish calendar days). */
export function journalCsv(books: Books): string {
  const rows = books.vouchers.flatMap((voucher) =>
    voucher.entries.map((entry) => [
      voucher.date,
      voucher.number,
      voucher.type,
      entry.ledger,
      entry.side === 'debit' ? formatPaisePlain(entry.amount) : '',
      entry.side === 'credit' ? formatPaisePlain(entry.amount) : '',
      voucher.narration,
    ]),
  );
  return UTF8_BOM + csvChunk([JOURNAL_COLUMNS, ...rows]);
}
