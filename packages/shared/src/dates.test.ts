import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { calendarDateIn, defaultDueDate, financialYearOf, formatDisplayDate } from './dates.ts';

describe('financialYearOf (April to March, named by its first year)', () => {
  it.each([
    ['2026-01-01', 2025],
    ['2026-03-31', 2025],
    ['2026-04-01', 2026],
    ['2026-12-31', 2026],
  ])('%s is in FY %i', (date, year) => {
    expect(financialYearOf(date)).toBe(year);
  });

  it('throws on something that is not a date', () => {
    expect(() => financialYearOf('next week')).toThrow(RangeError);
  });
});

describe('defaultDueDate: 31 March of the current financial year', () => {
  it.each([
    ['2026-01-01', '2026-03-31'],
    ['2026-02-15', '2026-03-31'],
    ['2026-03-31', '2026-03-31'],
    ['2026-04-01', '2027-03-31'],
    ['2026-11-22', '2027-03-31'],
    ['2026-12-31', '2027-03-31'],
  ])('today %s -> %s', (today, due) => {
    expect(defaultDueDate(today)).toBe(due);
  });
});

describe('calendarDateIn', () => {
  it('takes the date in the parish time zone, not UTC', () => {
    // 18:30 UTC on 31 March is midnight on 1 April in India.
    expect(calendarDateIn('2026-03-31T18:29:59.999Z', 'Asia/Kolkata')).toBe('2026-03-31');
    expect(calendarDateIn('2026-03-31T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-04-01');
    expect(calendarDateIn(new Date('2026-03-31T18:30:00.000Z'), 'UTC')).toBe('2026-03-31');
  });

  it('keeps each zone apart when the zones alternate (one cached formatter per zone)', () => {
    const instant = '2026-12-31T20:00:00.000Z';
    for (let round = 0; round < 3; round += 1) {
      expect(calendarDateIn(instant, 'Asia/Kolkata')).toBe('2027-01-01'); // 01:30 on 1 January
      expect(calendarDateIn(instant, 'UTC')).toBe('2026-12-31');
      expect(calendarDateIn(instant, 'America/New_York')).toBe('2026-12-31'); // 15:00 on 31 December
      expect(calendarDateIn(instant, 'Pacific/Kiritimati')).toBe('2027-01-01'); // UTC+14
    }
  });

  it('gives what a formatter made for the call gives, for any instant and zone', () => {
    const zones = ['Asia/Kolkata', 'UTC', 'America/New_York', 'Asia/Kathmandu', 'Pacific/Kiritimati'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const fresh = new Intl.DateTimeFormat('en-CA', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          }).format(new Date(ms));
          expect(calendarDateIn(new Date(ms), zone)).toBe(fresh);
        },
      ),
    );
  });

  it('still throws RangeError for an unknown zone (and does not cache it) or an invalid instant', () => {
    expect(() => calendarDateIn('2026-03-31T00:00:00.000Z', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => calendarDateIn('2026-03-31T00:00:00.000Z', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => calendarDateIn('not a date', 'Asia/Kolkata')).toThrow(RangeError);
  });
});

describe('formatDisplayDate: dd/mm/yyyy', () => {
  it('shows a calendar date as day/month/year', () => {
    expect(formatDisplayDate('2026-03-31')).toBe('31/03/2026');
    expect(formatDisplayDate('2027-01-05')).toBe('05/01/2027');
  });

  it('shows an instant on its day in the parish time zone', () => {
    expect(formatDisplayDate('2026-03-31T20:00:00.000Z')).toBe('01/04/2026');
    expect(formatDisplayDate(new Date('2026-03-31T18:29:59.000Z'))).toBe('31/03/2026');
    expect(formatDisplayDate('2026-03-31T20:00:00.000Z', 'UTC')).toBe('31/03/2026');
  });

  it('shows nothing for a missing value', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate(undefined)).toBe('');
    expect(formatDisplayDate('')).toBe('');
  });
});
