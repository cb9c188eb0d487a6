import { describe, expect, it } from 'vitest';

import { normalizeParishNumber } from './parish-number.ts';

const INVALID = 'Parish number must contain only letters and numbers (no spaces or special characters)';

describe('normalizeParishNumber (docs/domain.md §5)', () => {
  it.each([
    ['abc123', 'ABC123'],
    ['  Sm42 ', 'SM42'],
    ['123', '123'],
    ['ZZ', 'ZZ'],
  ])('%j -> %s (upper-cased, trimmed)', (input, parishNumber) => {
    expect(normalizeParishNumber(input)).toEqual({ ok: true, parishNumber });
  });

  it.each([['AB 12'], ['AB-12'], ['AB/12'], ['AB.12'], ['é12'], [''], ['   '], ['<script>']])(
    'refuses %j with the specification message',
    (input) => {
      expect(normalizeParishNumber(input)).toEqual({ ok: false, error: INVALID });
    },
  );
});
