import { describe, expect, it } from 'vitest';

import { addWorkingDays, isWorkingDay, nextDay } from './working-days.ts';

const none = new Set<string>();

describe('working days (decision 0151)', () => {
  it('Sundays and the 2nd and 4th Saturdays are not working days; the 1st, 3rd and 5th Saturdays are', () => {
    // November 2026: Saturdays 7, 14, 21, 28; Sundays 1, 8, 15, 22, 29.
    expect(isWorkingDay('2026-11-07', none)).toBe(true);
    expect(isWorkingDay('2026-11-14', none)).toBe(false);
    expect(isWorkingDay('2026-11-21', none)).toBe(true);
    expect(isWorkingDay('2026-11-28', none)).toBe(false);
    expect(isWorkingDay('2026-11-22', none)).toBe(false);
    expect(isWorkingDay('2026-11-23', none)).toBe(true);
    // August 2026 has five Saturdays (1, 8, 15, 22, 29): the fifth is a working day.
    expect(isWorkingDay('2026-08-29', none)).toBe(true);
  });

  it('a day on the holiday list is not a working day', () => {
    expect(isWorkingDay('2026-12-25', none)).toBe(true);
    expect(isWorkingDay('2026-12-25', new Set(['2026-12-25']))).toBe(false);
  });

  it('counts working days after a day, across the 2nd Saturday, a holiday and a month end', () => {
    // Thursday 12 Nov: Fri 13, (Sat 14 2nd, Sun 15), Mon 16, Tue 17.
    expect(addWorkingDays('2026-11-12', 3, none)).toBe('2026-11-17');
    expect(addWorkingDays('2026-11-12', 3, new Set(['2026-11-16']))).toBe('2026-11-18');
    // Thursday 26 Nov: Fri 27, (Sat 28 4th, Sun 29), Mon 30, Tue 1 Dec.
    expect(addWorkingDays('2026-11-26', 3, none)).toBe('2026-12-01');
    // Year end: Wed 30 Dec 2026, Thu 31, Fri 1 Jan, Sat 2 Jan (1st Saturday) is a working day.
    expect(addWorkingDays('2026-12-30', 3, none)).toBe('2027-01-02');
    expect(addWorkingDays('2026-12-30', 0, none)).toBe('2026-12-30');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});
