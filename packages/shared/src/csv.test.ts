import { describe, expect, it } from 'vitest';

import { datedFileName, neutralizeCsvCell, neutralizeCsvRows } from './csv.ts';

describe('neutralizeCsvCell', () => {
  it.each([
    '=HYPERLINK("http://x","y")',
    '+91 98470',
    '-2+3',
    '-',
    '-.5',
    '-5.',
    '-1e3',
    '-5 ',
    '-5\n=1',
    '-१२',
    '+500.00',
    '@SUM(A1)',
    '\tcmd',
    '\rcmd',
  ])('prefixes a text starting with a formula trigger: %j', (value) => {
    expect(neutralizeCsvCell(value)).toBe(`'${value}`);
  });

  it('leaves ordinary text, numbers and blanks alone', () => {
    expect(neutralizeCsvCell('Thomas Mathew')).toBe('Thomas Mathew');
    expect(neutralizeCsvCell(-150.5)).toBe(-150.5);
    expect(neutralizeCsvCell(false)).toBe(false);
    expect(neutralizeCsvCell(null)).toBe('');
    expect(neutralizeCsvCell('')).toBe('');
  });

  // Issue 27 item 10: a reversal's amount (`-500.00`) is a number in the spreadsheet, not `'-500.00` text.
  it.each(['-500.00', '-0.50', '-5', '-1234567.89'])(
    'leaves a negative amount written as text a number: %j',
    (value) => {
      expect(neutralizeCsvCell(value)).toBe(value);
    },
  );

  it('neutralises every cell of a table', () => {
    expect(
      neutralizeCsvRows([
        ['=1', 'a'],
        [2, '@b'],
      ]),
    ).toEqual([
      ["'=1", 'a'],
      [2, "'@b"],
    ]);
  });
});

describe('datedFileName', () => {
  it('dates a file by ISO day', () => {
    expect(datedFileName('daily_collection_report', '2026-11-22')).toBe('daily_collection_report_2026-11-22.csv');
  });
});
