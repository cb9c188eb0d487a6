import { describe, expect, it } from 'vitest';

import { detectMemberCsvColumns, memberRowsFromCsv, whatsappConsentOfCell } from './member-csv.ts';
import { memberInputSchema } from './schemas/members.ts';

// The product's text (`docs/domain.md`, "§5 Validation"), written out on purpose.
const HEADER_ERROR = 'CSV must contain Name, Mobile, and Parish Number columns';

describe('detectMemberCsvColumns', () => {
  it('finds the template columns, with a byte-order mark on the first header', () => {
    const result = detectMemberCsvColumns([
      '\uFEFFName',
      'Mobile',
      'Parish Number',
      'Alternate Contact',
      'Current Location',
      'Email',
      'Address',
    ]);
    expect(result).toEqual({
      ok: true,
      columns: {
        name: 0,
        mobile: 1,
        parishNumber: 2,
        alternateContact: 3,
        currentLocation: 4,
        email: 5,
        address: 6,
      },
    });
  });

  it('accepts any column order, extra spaces, other case and Excel-style headers', () => {
    const result = detectMemberCsvColumns([
      '  PARISH   NUMBER ',
      'Notes',
      'Mobile No',
      ' member name ',
      'Location',
      'Email Address',
      'Alternate Phone',
    ]);
    expect(result).toEqual({
      ok: true,
      columns: { parishNumber: 0, mobile: 2, name: 3, currentLocation: 4, email: 5, alternateContact: 6 },
    });
  });

  it('takes Phone for the mobile and the first of two matching columns', () => {
    const result = detectMemberCsvColumns(['Name', 'Phone Number', 'Parish Number', 'Mobile']);
    expect(result).toEqual({ ok: true, columns: { name: 0, mobile: 1, parishNumber: 2 } });
  });

  it('does not take a parish name for the name, nor a bare "Parish" for the parish number', () => {
    expect(detectMemberCsvColumns(['Parish Name', 'Mobile', 'Parish Number'])).toEqual({
      ok: false,
      error: HEADER_ERROR,
    });
    expect(detectMemberCsvColumns(['Name', 'Mobile', 'Parish'])).toEqual({ ok: false, error: HEADER_ERROR });
  });

  it.each([[['Name', 'Parish Number']], [['Mobile', 'Parish Number']], [['Name', 'Mobile']], [[]]])(
    'rejects a header without all three required columns: %j',
    (header) => {
      expect(detectMemberCsvColumns(header)).toEqual({ ok: false, error: HEADER_ERROR });
    },
  );
});

describe('memberRowsFromCsv', () => {
  it('maps data rows to raw members by header, skipping blank lines', () => {
    const result = memberRowsFromCsv([
      ['Mobile No', 'Name', 'Parish Number', 'Address'],
      ['9847012345', 'Thomas Mathew', 'sm101', '"Kizhakkethil",\nNear Church'],
      ['', '', '', ''],
      [''],
      ['9446123456', ' Joseph Kurian ', 'SM103'],
      [],
    ]);
    expect(result).toEqual({
      ok: true,
      rows: [
        { mobile: '9847012345', name: 'Thomas Mathew', parishNumber: 'sm101', address: '"Kizhakkethil",\nNear Church' },
        { mobile: '9446123456', name: ' Joseph Kurian ', parishNumber: 'SM103', address: '' },
      ],
    });
  });

  it('gives rows the shared member schema accepts and normalises', () => {
    const result = memberRowsFromCsv([
      ['\uFEFFName', 'Mobile', 'Parish Number', 'Email'],
      ['Thomas Mathew', '9847012345', 'sm101', ''],
    ]);
    if (!result.ok) throw new Error(result.error);
    expect(memberInputSchema.parse(result.rows[0])).toEqual({
      name: 'Thomas Mathew',
      mobile: '919847012345',
      parishNumber: 'SM101',
    });
  });

  it('reports the header message for a file without the columns or without any line', () => {
    expect(
      memberRowsFromCsv([
        ['First', 'Second'],
        ['a', 'b'],
      ]),
    ).toEqual({ ok: false, error: HEADER_ERROR });
    expect(memberRowsFromCsv([])).toEqual({ ok: false, error: HEADER_ERROR });
    expect(memberRowsFromCsv([[''], ['  ']])).toEqual({ ok: false, error: HEADER_ERROR });
  });

  it('answers no rows for a header alone', () => {
    expect(memberRowsFromCsv([['Name', 'Mobile', 'Parish Number'], ['']])).toEqual({ ok: true, rows: [] });
  });
});

describe('the WhatsApp consent column (decision 0144)', () => {
  it('is found by "consent" in its header; a WhatsApp mobile column is not it', () => {
    const result = detectMemberCsvColumns(['Name', 'WhatsApp Mobile', 'Parish Number', 'WhatsApp Consent']);
    expect(result).toEqual({ ok: true, columns: { name: 0, mobile: 1, parishNumber: 2, whatsappConsent: 3 } });
  });

  it('reads yes and no in any case, blank as nothing, and refuses other text', () => {
    expect(['yes', ' YES ', 'y', 'Y'].map(whatsappConsentOfCell)).toEqual([true, true, true, true]);
    expect(['no', 'No', 'n'].map(whatsappConsentOfCell)).toEqual([false, false, false]);
    expect([undefined, '', '  '].map(whatsappConsentOfCell)).toEqual([undefined, undefined, undefined]);
    expect(whatsappConsentOfCell('maybe')).toEqual({ error: 'WhatsApp consent must be yes, no or blank' });
    expect(whatsappConsentOfCell('1')).toEqual({ error: 'WhatsApp consent must be yes, no or blank' });
  });
});
