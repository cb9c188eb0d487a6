import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  ZERO_PAISE,
  addPaise,
  formatINR,
  formatPaisePlain,
  formatRupees,
  paise,
  paiseFromRupees,
  paiseOfSum,
  paiseToRupees,
  parseRupeesToPaise,
  positiveRupeesSchema,
  rupees,
  rupeesFromPaise,
  rupeesSchema,
  rupeesToPaise,
  sumPaise,
  type Paise,
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
    expect(paiseToRupees(paise(125_050))).toBe(1250.5);
    expect(paiseToRupees(paise(150_000))).toBe(1500);
    expect(paiseToRupees(paise(1))).toBe(0.01);
    expect(paiseToRupees(paise(0))).toBe(0);
  });

  it('round-trips any amount: paise -> rupee number -> paise, and through the plain and Indian texts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 14 }), (value) => {
        const amount = paise(value);
        expect(parseRupeesToPaise(paiseToRupees(amount))).toBe(amount);
        expect(parseRupeesToPaise(formatPaisePlain(amount))).toBe(amount);
        expect(parseRupeesToPaise(formatINR(amount))).toBe(amount);
        expect(rupeesToPaise(paiseToRupees(amount))).toBe(amount);
      }),
    );
  });

  it('formats plain text with two decimals and no grouping', () => {
    expect(formatPaisePlain(paise(125_050))).toBe('1250.50');
    expect(formatPaisePlain(paise(5))).toBe('0.05');
    expect(formatPaisePlain(paise(10_000_000))).toBe('100000.00');
    expect(formatPaisePlain(paise(-150_050))).toBe('-1500.50');
  });

  it('rupeesToPaise throws on a value the schema would refuse', () => {
    expect(() => rupeesToPaise(1.005 as Rupees)).toThrow(RangeError);
    expect(() => rupeesToPaise(-1.005 as Rupees)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NaN as Rupees)).toThrow(RangeError);
  });

  it('rupeesToPaise keeps the sign of a computed figure (a reversal, a net, a difference)', () => {
    expect(rupeesToPaise(rupees(-500.5))).toBe(-50_050);
    expect(rupeesToPaise(rupees(-0))).toBe(0);
    expect(formatPaisePlain(rupeesToPaise(rupees(-14003)))).toBe('-14003.00');
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
  ])('%i paise -> %s', (value, text) => {
    expect(formatINR(paise(value))).toBe(text);
  });

  it('can leave out the rupee sign', () => {
    expect(formatINR(paise(12_345_678_950), { symbol: false })).toBe('12,34,56,789.50');
  });

  it('puts the minus sign before the rupee sign', () => {
    expect(formatINR(paise(-150_050))).toBe('-₹1,500.50');
    expect(formatINR(paise(-150_050), { symbol: false })).toBe('-1,500.50');
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

  it.each([[0.5], [1.5], [1250.5], [Number.NaN], [Number.POSITIVE_INFINITY], [Number.MAX_SAFE_INTEGER + 1], [2 ** 53]])(
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
    expect(() => paiseFromRupees(1.005 as Rupees)).toThrow(RangeError);
  });

  it('round-trips any amount in paise through rupees', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 14), max: 10 ** 14 }), (value) => {
        expect(paiseFromRupees(rupeesFromPaise(paise(value)))).toBe(value);
      }),
    );
  });

  it('mixing units, or a plain number, fails to typecheck (checked by tsc)', () => {
    const inPaise: Paise = paise(150_000);
    const inRupees: Rupees = rupees(1500);
    // @ts-expect-error rupees where paise are expected
    const wrong1: Paise = inRupees;
    // @ts-expect-error paise where rupees are expected
    const wrong2: Rupees = inPaise;
    // @ts-expect-error a plain number is not an amount in paise
    const wrong3: Paise = 150_000;
    // @ts-expect-error a plain number is not an amount in rupees
    const wrong4: Rupees = 1500;
    // @ts-expect-error the conversion takes rupees only
    paiseFromRupees(inPaise);
    // @ts-expect-error the conversion takes paise only
    rupeesFromPaise(inRupees);
    // @ts-expect-error a plain number is not a checked amount
    rupeesFromPaise(150_000);
    // @ts-expect-error a plain number given to the rupee -> paise conversion
    rupeesToPaise(1500);
    // @ts-expect-error the paise formatter refuses branded rupees
    formatINR(inRupees);
    // @ts-expect-error the paise formatter refuses a plain number
    formatINR(150_000);
    // @ts-expect-error the rupee formatter refuses branded paise
    formatRupees(inPaise);
    // @ts-expect-error arithmetic on two amounts is a plain number until branded again
    const sum: Paise = inPaise + inPaise;
    expect(addPaise(inPaise, inPaise)).toBe(300_000);
    expect([wrong1, wrong2, wrong3, wrong4, sum]).toEqual([1500, 150_000, 150_000, 1500, 300_000]);
  });
});

describe('sums in paise', () => {
  it('addPaise and sumPaise brand the sum; an empty sum is ZERO_PAISE', () => {
    expect(addPaise(paise(100), paise(-30), paise(5))).toBe(75);
    expect(sumPaise([paise(150_050), paise(49_950)])).toBe(200_000);
    expect(sumPaise([])).toBe(ZERO_PAISE);
    expect(ZERO_PAISE).toBe(0);
  });

  it('sumPaise refuses a sum beyond the safe integers', () => {
    expect(() => sumPaise([paise(Number.MAX_SAFE_INTEGER), paise(1)])).toThrow(RangeError);
  });

  it('paiseOfSum reads a SQL aggregate: numeric text, a number, or null for no rows', () => {
    expect(paiseOfSum('12345678950')).toBe(12_345_678_950);
    expect(paiseOfSum(150_050)).toBe(150_050);
    expect(paiseOfSum(null)).toBe(0);
    expect(paiseOfSum(undefined)).toBe(0);
    expect(() => paiseOfSum('1.5')).toThrow(RangeError);
    expect(() => paiseOfSum('abc')).toThrow(RangeError);
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
    expect(formatRupees(rupees(amount))).toBe(text);
  });

  it('gives what formatINR gives for the same amount in paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 14), max: 10 ** 14 }), (value) => {
        expect(formatRupees(paiseToRupees(paise(value)))).toBe(formatINR(paise(value)));
      }),
    );
  });

  it('rounds float sums to the nearest paisa, and never shows a negative zero', () => {
    expect(formatRupees((0.1 + 0.2) as Rupees)).toBe('₹0.30');
    expect(formatRupees(1500.499 as Rupees)).toBe('₹1,500.50');
    expect(formatRupees(1500.494 as Rupees)).toBe('₹1,500.49');
    expect(formatRupees(-0.001 as Rupees)).toBe('₹0.00');
    expect(formatRupees(rupees(-0))).toBe('₹0.00');
  });

  it('can leave out the rupee sign', () => {
    expect(formatRupees(rupees(123_456_789.5), { symbol: false })).toBe('12,34,56,789.50');
    expect(formatRupees(rupees(-1500.5), { symbol: false })).toBe('-1,500.50');
  });

  it('refuses NaN and infinities', () => {
    expect(() => formatRupees(Number.NaN as Rupees)).toThrow(RangeError);
    expect(() => formatRupees(Number.POSITIVE_INFINITY as Rupees)).toThrow(RangeError);
  });
});
