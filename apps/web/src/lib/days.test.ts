import { describe, expect, it } from 'vitest';

import { parseDisplayDate, parseTypedDay } from './days.ts';

describe('parseTypedDay: a day typed into a date field', () => {
  it('reads the day first, as the product shows it', () => {
    expect(parseTypedDay('20/11/2026')).toBe('2026-11-20');
    expect(parseTypedDay('03/04/2027')).toBe('2027-04-03');
    expect(parseTypedDay(' 2.3.2027 ')).toBe('2027-03-02');
    expect(parseTypedDay('29-02-2028')).toBe('2028-02-29');
  });

  it('takes an ISO day as pasted from elsewhere', () => {
    expect(parseTypedDay('2026-11-20')).toBe('2026-11-20');
  });

  it('refuses what is not a whole, real day', () => {
    for (const text of [
      '11/20/2026',
      '31/02/2027',
      '29/02/2027',
      '2026-02-30',
      '2026-1-5',
      '20/11',
      '20/11/26',
      '',
      'today',
    ])
      expect(parseTypedDay(text), text).toBeNull();
  });

  it('leaves the head form its day-first reading (ISO is not a display date)', () => {
    expect(parseDisplayDate('2026-04-01')).toBeNull();
    expect(parseDisplayDate('31/03/2027')).toBe('2027-03-31');
  });
});
