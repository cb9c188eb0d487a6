import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';

import { tableFile } from './table-download.ts';

/**
 * Downloads made in the browser (`docs/decisions/0054-excel-beside-browser-made-csvs.md`): the CSV
 * starts with a UTF-8 byte order mark, quotes as RFC 4180 and neutralises formulas; the workbook
 * holds the same rows with mobiles and parish numbers as text cells, amounts as numbers and
 * Malayalam as written. The workbook is read back with read-excel-file, as the server's tests do.
 */
const HEADER = ['Name', 'Parish Number', 'Mobile', 'Amount', 'Status'];
const ROWS = [
  ['തോമസ് മാത്യു', 'SM001', '919847012345', '1500.00', 'paid'],
  ['=HYPERLINK("http://x")', '007', '09847012345', '20.50', 'pending, late'],
  ['Anna', 'SM002', null, 1000, ''],
  // A reversal: a negative amount stays a number, never text (issue 27 item 10).
  ['Ravi', 'SM003', '919847012346', '-500.00', 'reversed'],
];

describe('tableFile', () => {
  it('writes a CSV with a byte order mark, quoting and neutralised formulas', async () => {
    const blob = await tableFile(HEADER, ROWS, 'csv');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    expect(text.split('\r\n')).toEqual([
      'Name,Parish Number,Mobile,Amount,Status',
      'തോമസ് മാത്യു,SM001,919847012345,1500.00,paid',
      `"'=HYPERLINK(""http://x"")",007,09847012345,20.50,"pending, late"`,
      'Anna,SM002,,1000,',
      'Ravi,SM003,919847012346,-500.00,reversed',
    ]);
  });

  it('writes a workbook whose mobiles and parish numbers are text and amounts numbers', async () => {
    const blob = await tableFile(HEADER, ROWS, 'xlsx');
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const bytes = Buffer.from(await blob.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const [sheet] = await readXlsxFile(bytes);
    expect(sheet?.data).toEqual([
      HEADER,
      ['തോമസ് മാത്യു', 'SM001', '919847012345', 1500, 'paid'],
      // A text cell is never a formula: the name is kept as entered, the leading zeros stay.
      ['=HYPERLINK("http://x")', '007', '09847012345', 20.5, 'pending, late'],
      ['Anna', 'SM002', null, 1000, null],
      ['Ravi', 'SM003', '919847012346', -500, 'reversed'],
    ]);
  });
});
