import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  formatINR,
  formatPaisePlain,
  formatRupees,
  paise,
  paiseFromRupees,
  paiseToRupees,
  parseRupeesToPaise,
  positiveRupeesSchema,
  rupees,
  rupeesFromPaise,
  rupeesSchema,
  rupeesToPaise,
  type Paise,
  type PaiseAmount,
  type RupeeAmount,
  type Rupees,
} from './money.ts';

const INVALID_AMOUNT = 'Please enter a valid amount';

describe('parseRupeesToPaise', () => {
  it.each<[string | number, number]>([
    [1500, 150_000],
    [1250.5, 125_050],
    [0.01, 1],
    [0, 0],
    ['1500', 150_000],
    ['1250.5', 125_050],
    ['1250.50', 125_050],
    ['0.05', 5],
    ['1,250.50', 125_050],
    ['1,00,000', 10_000_000],
    ['₹1,00,000.00', 10_000_000],
    ['₹ 12,34,56,789.50', 12_345_678_950],
    ['  42 ', 4200],
  ])('reads %j as %i paise', (input, paise) => {
    expect(parseRupeesToPaise(input)).toBe(paise);
  });

  it.each<[string | number]>([
    // A third decimal is invalid (`docs/domain.md`, §7 "Conventions"), whether typed or produced by float maths.
    [1.005],
    ['1.005'],
    ['10.001'],
    [0.1 + 0.2],
    // Not an amount at all.
    [-1],
    ['-1'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e21],
    [1e-7],
    [''],
    ['abc'],
    ['1.2.3'],
    ['.5'],
    ['5.'],
    ['1e3'],
    ['12 34'],
  ])('refuses %j', (input) => {
    expect(parseRupeesToPaise(input)).toBeNull();
  });

  it('accepts up to 13 whole rupee digits', () => {
    expect(parseRupeesToPaise('9999999999999.99')).toBe(999_999_999_999_999);
    expect(parseRupeesToPaise('10000000000000')).toBeNull();
  });

  it('never goes through floating point: every two-decimal text is exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 15 - 1 }), (paise) => {
        const text = `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
        expect(parseRupeesToPaise(text)).toBe(paise);
      }),
    );
  });
});

describe('paise and rupees on the wire', () => {
  it('converts paise to a rupee number', () => {
    expect(paiseToRupees(125_050)).toBe(1250.5);
    expect(paiseToRupees(150_000)).toBe(1500);
    expect(paiseToRupees(1)).toBe(0.01);
    expect(paiseToRupees(0)).toBe(0);
  });

  it('round-trips any amount: paise -> rupee number -> paise, and through the plain and Indian texts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 14 }), (paise) => {
        expect(parseRupeesToPaise(paiseToRupees(paise))).toBe(paise);
        expect(parseRupeesToPaise(formatPaisePlain(paise))).toBe(paise);
        expect(parseRupeesToPaise(formatINR(paise))).toBe(paise);
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
      }),
    );
  });

  it('formats plain text with two decimals and no grouping', () => {
    expect(formatPaisePlain(125_050)).toBe('1250.50');
    expect(formatPaisePlain(5)).toBe('0.05');
    expect(formatPaisePlain(10_000_000)).toBe('100000.00');
    expect(formatPaisePlain(-150_050)).toBe('-1500.50');
  });

  it('rupeesToPaise throws on a value the schema would refuse', () => {
    expect(() => rupeesToPaise(1.005)).toThrow(RangeError);
    expect(() => rupeesToPaise(-1.005)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
  });

  it('rupeesToPaise keeps the sign of a computed figure (a reversal, a net, a difference)', () => {
    expect(rupeesToPaise(-500.5)).toBe(-50_050);
    expect(rupeesToPaise(-0)).toBe(0);
    expect(formatPaisePlain(rupeesToPaise(-14003))).toBe('-14003.00');
  });
});

describe('formatINR (Indian grouping)', () => {
  it.each<[number, string]>([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [150_000, '₹1,500.00'],
    [125_050, '₹1,250.50'],
    [9_999_999, '₹99,999.99'],
    [10_000_000, '₹1,00,000.00'],
    [1_000_000_000, '₹1,00,00,000.00'],
    [12_345_678_950, '₹12,34,56,789.50'],
  ])('%i paise -> %s', (paise, text) => {
    expect(formatINR(paise)).toBe(text);
  });

  it('can leave out the rupee sign', () => {
    expect(formatINR(12_345_678_950, { symbol: false })).toBe('12,34,56,789.50');
  });

  it('puts the minus sign before the rupee sign', () => {
    expect(formatINR(-150_050)).toBe('-₹1,500.50');
    expect(formatINR(-150_050, { symbol: false })).toBe('-1,500.50');
  });
});

describe('rupee schemas', () => {
  it('accept up to two decimals and refuse a third with the specification message', () => {
    expect(rupeesSchema.parse(1250.5)).toBe(1250.5);
    expect(rupeesSchema.parse(0)).toBe(0);
    for (const bad of [1.005, -1, '12', null, Number.NaN]) {
      const result = rupeesSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INVALID_AMOUNT);
    }
  });

  it('positive amounts refuse zero with the same message', () => {
    expect(positiveRupeesSchema.parse(0.01)).toBe(0.01);
    const zero = positiveRupeesSchema.safeParse(0);
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]?.message).toBe(INVALID_AMOUNT);
  });
});

describe('branded amounts: paise and rupees', () => {
  it('paise() brands safe integers, negative and zero included', () => {
    expect(paise(0)).toBe(0);
    expect(paise(125_050)).toBe(125_050);
    expect(paise(-150_050)).toBe(-150_050);
    expect(paise(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([[0.5], [1250.5], [Number.NaN], [Number.POSITIVE_INFINITY], [Number.MAX_SAFE_INTEGER + 1]])(
    'paise() refuses %d',
    (value) => {
      expect(() => paise(value)).toThrow(RangeError);
    },
  );

  it('rupees() brands amounts with at most two decimals, either sign', () => {
    expect(rupees(1250.5)).toBe(1250.5);
    expect(rupees(0.01)).toBe(0.01);
    expect(rupees(0)).toBe(0);
    expect(rupees(-1500.5)).toBe(-1500.5);
    expect(rupees(9_999_999_999_999.99)).toBe(9_999_999_999_999.99);
  });

  it.each([[1.005], [0.1 + 0.2], [Number.NaN], [Number.NEGATIVE_INFINITY], [1e21], [10_000_000_000_000]])(
    'rupees() refuses %d',
    (value) => {
      expect(() => rupees(value)).toThrow(RangeError);
    },
  );

  it('converts exactly both ways, by the digits', () => {
    expect(paiseFromRupees(rupees(1250.5))).toBe(125_050);
    expect(paiseFromRupees(rupees(0.07))).toBe(7); // 0.07 * 100 is 7.000000000000001 in floats
    expect(paiseFromRupees(rupees(1.13))).toBe(113); // 1.13 * 100 is 112.99999999999999
    expect(paiseFromRupees(rupees(-2.5))).toBe(-250);
    expect(rupeesFromPaise(paise(125_050))).toBe(1250.5);
    expect(rupeesFromPaise(paise(7))).toBe(0.07);
    expect(rupeesFromPaise(paise(-250))).toBe(-2.5);
  });

  it('paiseFromRupees refuses a value that was cast, not checked', () => {
    expect(() => paiseFromRupees(1.005 as RupeeAmount)).toThrow(RangeError);
  });

  it('round-trips any amount in paise through rupees', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 14), max: 10 ** 14 }), (value) => {
        expect(paiseFromRupees(rupeesFromPaise(paise(value)))).toBe(value);
      }),
    );
  });

  it('mixing units fails to typecheck (checked by tsc)', () => {
    const inPaise: PaiseAmount = paise(150_000);
    const inRupees: RupeeAmount = rupees(1500);
    // @ts-expect-error rupees where paise are expected
    const wrong1: PaiseAmount = inRupees;
    // @ts-expect-error paise where rupees are expected
    const wrong2: RupeeAmount = inPaise;
    // @ts-expect-error the typed conversion takes rupees only
    paiseFromRupees(inPaise);
    // @ts-expect-error the typed conversion takes paise only
    rupeesFromPaise(inRupees);
    // @ts-expect-error a plain number is not a checked amount
    rupeesFromPaise(150_000);
    // @ts-expect-error the paise formatter refuses branded rupees
    formatINR(inRupees);
    // @ts-expect-error the rupee formatter refuses branded paise
    formatRupees(inPaise);
    // The lenient forms take plain numbers (the code before the brands) and their own unit.
    const lenientPaise: Paise = 150_000;
    const lenientRupees: Rupees = 1500;
    expect(formatINR(lenientPaise)).toBe(formatINR(inPaise));
    expect(formatRupees(lenientRupees)).toBe(formatRupees(inRupees));
    // @ts-expect-error lenient rupees are still not paise
    formatINR(lenientRupees);
    expect([wrong1, wrong2]).toEqual([1500, 150_000]);
  });
});

describe('formatRupees: the rupee entry of the one formatter', () => {
  it.each<[number, string]>([
    [0, '₹0.00'],
    [0.05, '₹0.05'],
    [1500, '₹1,500.00'],
    [1250.5, '₹1,250.50'],
    [99_999.99, '₹99,999.99'],
    [100_000, '₹1,00,000.00'],
    [10_000_000, '₹1,00,00,000.00'],
    [123_456_789.5, '₹12,34,56,789.50'],
    [-1500.5, '-₹1,500.50'],
  ])('%d rupees -> %s', (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });

  it('gives what formatINR gives for the same amount in paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 14), max: 10 ** 14 }), (value) => {
        expect(formatRupees(paiseToRupees(value))).toBe(formatINR(value));
      }),
    );
  });

  it('rounds float sums to the nearest paisa, and never shows a negative zero', () => {
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
    expect(formatRupees(1500.499)).toBe('₹1,500.50');
    expect(formatRupees(1500.494)).toBe('₹1,500.49');
    expect(formatRupees(-0.001)).toBe('₹0.00');
    expect(formatRupees(-0)).toBe('₹0.00');
  });

  it('can leave out the rupee sign', () => {
    expect(formatRupees(123_456_789.5, { symbol: false })).toBe('12,34,56,789.50');
    expect(formatRupees(-1500.5, { symbol: false })).toBe('-1,500.50');
  });

  it('refuses NaN and infinities', () => {
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
    expect(() => formatRupees(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
