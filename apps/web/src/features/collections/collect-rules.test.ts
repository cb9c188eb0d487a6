import { describe, expect, it } from 'vitest';

import { payment } from '../../test/fixtures.ts';
import {
  asLine,
  belowDue,
  checkDues,
  duesBody,
  initialDuesValues,
  offeredDues,
  type DueLine,
} from './collect-rules.ts';

const arrear = asLine(payment({ id: 'a', type: 'arrear', headName: 'Arrears 2025' }));
const current = asLine(payment({ id: 'c', type: 'current due', variable: true }));
const misc = asLine(payment({ id: 'm', type: 'miscellaneous', headName: 'Feast' }));

describe('offeredDues', () => {
  it('puts arrears first, then current dues, then miscellaneous; ticks the arrears and the due clicked', () => {
    const { lines, selected } = offeredDues([misc, current, arrear], 'm');
    expect(lines.map((line) => line.paymentId)).toEqual(['a', 'c', 'm']);
    expect(selected).toEqual(['a', 'm']);
  });
});

describe('belowDue (the shared counter rule)', () => {
  it('refuses an unreadable amount and one below the due on a variable head, never a fixed head', () => {
    expect(belowDue(current, 'abc')).toBe(true);
    expect(belowDue(current, 1499.99)).toBe(true);
    expect(belowDue(current, 1500)).toBe(false);
    expect(belowDue(current, '2000')).toBe(false);
    expect(belowDue(arrear, 1)).toBe(false);
  });
});

describe('checkDues and duesBody', () => {
  const lines: DueLine[] = [arrear, current];
  const start = initialDuesValues(lines, ['a']);

  it('starts at the due amounts, in cash, and totals the ticked lines', () => {
    expect(start.amounts).toEqual({ a: '1500.00', c: '1500.00' });
    expect(checkDues(lines, start)).toMatchObject({ totalPaise: 150_000, blocked: false });
  });

  it('keeps Confirm disabled for nothing ticked, a short amount, a bad UTR or a missing cheque detail', () => {
    expect(checkDues(lines, { ...start, selected: [] }).blocked).toBe(true);
    const short = checkDues(lines, { ...start, selected: ['a', 'c'], amounts: { ...start.amounts, c: 1000 } });
    expect(short).toMatchObject({ blocked: true, totalPaise: 250_000 });
    expect(short.short.map((line) => line.paymentId)).toEqual(['c']);
    expect(checkDues(lines, { ...start, method: 'upi', utr: '12345' })).toMatchObject({ utrBad: true, blocked: true });
    expect(checkDues(lines, { ...start, method: 'upi', utr: '123456789012' }).blocked).toBe(false);
    const cheque = { ...start, method: 'cheque' as const, bank: 'SBI', chequeNumber: '000123', chequeDate: '' };
    expect(checkDues(lines, cheque)).toMatchObject({ chequeMissing: true, blocked: true });
    expect(checkDues(lines, { ...cheque, chequeDate: '2026-11-22' }).blocked).toBe(false);
  });

  it('sends the ticked lines in rupees, with the reference, remarks and UTR only when typed', () => {
    const values = {
      ...start,
      selected: ['a', 'c'],
      amounts: { a: 9999, c: '1750.50' },
      method: 'upi' as const,
      utr: ' 123456789012 ',
      reference: '  ',
      remarks: ' Paid at office ',
    };
    expect(duesBody('m1', lines, values)).toEqual({
      memberId: 'm1',
      items: [
        { paymentId: 'a', amount: 1500 },
        { paymentId: 'c', amount: 1750.5 },
      ],
      paymentMethod: 'upi',
      notes: 'Paid at office',
      utr: '123456789012',
    });
  });

  it('sends the one reference of the chosen method, never a field of another method (issue 27, item 5)', () => {
    const typed = {
      ...start,
      reference: ' CASH-7 ',
      utr: '123456789012',
      bank: 'SBI',
      chequeNumber: ' 000123 ',
      chequeDate: '2026-11-22',
    };
    const cash = duesBody('m1', lines, { ...typed, method: 'cash' });
    expect(cash).toMatchObject({ paymentMethod: 'cash', reference: 'CASH-7' });
    expect(cash).not.toHaveProperty('utr');
    expect(cash).not.toHaveProperty('cheque');
    const upi = duesBody('m1', lines, { ...typed, method: 'upi' });
    expect(upi).toMatchObject({ paymentMethod: 'upi', utr: '123456789012' });
    expect(upi).not.toHaveProperty('reference');
    expect(duesBody('m1', lines, { ...typed, method: 'cheque' })).toEqual({
      memberId: 'm1',
      items: [{ paymentId: 'a', amount: 1500 }],
      paymentMethod: 'cheque',
      reference: '000123',
      cheque: { bank: 'SBI', number: '000123', date: '2026-11-22' },
    });
  });
});
