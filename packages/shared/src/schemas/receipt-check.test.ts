import { describe, expect, it } from 'vitest';

import { memberInitials } from './receipt-check.ts';

describe('memberInitials (the receipt check shows initials only)', () => {
  it.each([
    ['Thomas Mathew', 'T. M.'],
    ['  thomas   mathew ', 'T. M.'],
    ['K. V. Joseph', 'K. V. J.'],
    ['Fr. George (Jr.)', 'F. G. J.'],
    ['ജോസഫ് വർഗീസ്', 'ജോ. വ.'],
    ['श्री राम', 'श्री. रा.'],
    ['தாமஸ் மேத்யூ', 'தா. மே.'],
    ['Annamma Kurian 2', 'A. K.'],
    ['', ''],
    ['- . -', ''],
  ])('%s → %s', (name, initials) => {
    expect(memberInitials(name)).toBe(initials);
  });
});
