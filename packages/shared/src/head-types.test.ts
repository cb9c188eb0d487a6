import { describe, expect, it } from 'vitest';

import { HEAD_TYPES, headTypeInputSchema, headTypeLabel, toCanonicalHeadType } from './head-types.ts';

describe('payment head types', () => {
  it('has the three canonical types', () => {
    expect(HEAD_TYPES).toEqual(['arrear', 'current due', 'miscellaneous']);
  });

  it.each([
    ['arrear', 'arrear'],
    ['arrears', 'arrear'],
    ['Arrears', 'arrear'],
    ['current due', 'current due'],
    ['normal', 'current due'],
    ['due', 'current due'],
    ['current', 'current due'],
    [' NORMAL ', 'current due'],
    ['miscellaneous', 'miscellaneous'],
    ['misc', 'miscellaneous'],
    ['MISC', 'miscellaneous'],
  ])('maps %j to %j', (input, canonical) => {
    expect(toCanonicalHeadType(input)).toBe(canonical);
    expect(headTypeInputSchema.parse(input)).toBe(canonical);
  });

  it.each([['arrearz'], [''], ['donation'], ['current-due']])('refuses the unknown type %j', (input) => {
    expect(toCanonicalHeadType(input)).toBeNull();
    const result = headTypeInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Unknown payment head type');
  });

  it.each([
    ['arrear', 'Arrears'],
    ['arrears', 'Arrears'],
    ['miscellaneous', 'Miscellaneous'],
    ['misc', 'Miscellaneous'],
    ['current due', 'Current Due'],
    ['normal', 'Current Due'],
    ['due', 'Current Due'],
    // `docs/domain.md`, §3 "Payment heads": anything that is not arrear or miscellaneous displays as Current Due.
    ['something else', 'Current Due'],
  ])('labels %j as %j', (input, label) => {
    expect(headTypeLabel(input)).toBe(label);
  });
});
