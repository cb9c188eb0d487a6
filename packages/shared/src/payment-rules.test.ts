import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { HEAD_TYPES, toCanonicalHeadType } from './head-types.ts';
import { paise, parseRupeesToPaise } from './money.ts';
import { arrearsGateBlocks, collectionAmountProblem, effectiveAmount, paymentKindOf } from './payment-rules.ts';

// ---------------------------------------------------------------------------------------------
// The two implementations this module replaces, copied as they are at commit e0bcc8c, as oracles.
// ---------------------------------------------------------------------------------------------

/** What the oracles answer: `EffectiveAmount` with the plain numbers of the code before the money brands. */
type LegacyAmount = { ok: true; paise: number; custom: boolean } | { ok: false };

/** Stands for the server's AppError 400 'Please enter a valid amount'. */
class LegacyBadRequest extends Error {}

/** apps/server/src/modules/gateways/orders.service.ts, `effectiveAmount`. */
function legacyServerEffectiveAmount(duePaise: number, variable: boolean, custom: string | number | undefined): number {
  if (!variable || custom === undefined || (typeof custom === 'string' && custom.trim() === '')) return duePaise;
  const paise = parseRupeesToPaise(custom);
  if (paise === null) throw new LegacyBadRequest('Please enter a valid amount');
  return Math.max(paise, duePaise);
}

/** apps/web/src/features/portal/payment-rules.ts, `toPaise`. */
function legacyWebToPaise(rupees: number | null | undefined): number {
  if (rupees === null || rupees === undefined) return 0;
  return parseRupeesToPaise(rupees) ?? 0;
}

/** apps/web/src/features/portal/payment-rules.ts, `effectiveAmount` (the payment reduced to what it reads). */
function legacyWebEffectiveAmount(
  payment: { amount: number; paymentHeadId: { variable_amount: boolean } },
  entered: string | undefined,
): LegacyAmount {
  const due = legacyWebToPaise(payment.amount);
  const text = (entered ?? '').trim();
  if (!payment.paymentHeadId.variable_amount || text === '') return { ok: true, paise: due, custom: false };
  const paise = parseRupeesToPaise(text);
  if (paise === null) return { ok: false };
  return paise > due ? { ok: true, paise, custom: true } : { ok: true, paise: due, custom: false };
}

/** apps/web/src/features/portal/payment-rules.ts, `kindOf`. */
function legacyWebKindOf(type: string): 'arrear' | 'current' | 'misc' {
  const canonical = toCanonicalHeadType(type);
  if (canonical === 'arrear') return 'arrear';
  if (canonical === 'miscellaneous') return 'misc';
  return 'current';
}

/**
 * The server's arrears gate in `prepareOrder` (orders.service.ts): the order's head types as stored
 * (canonical), and whether the member has a pending arrear. True = 400 'You need to clear your arrears…'.
 */
function legacyServerGate(orderHeadTypes: readonly string[], memberHasPendingArrear: boolean): boolean {
  if (orderHeadTypes.some((type) => type === 'current due')) {
    if (memberHasPendingArrear) return true;
  }
  return false;
}

/**
 * The web's arrears gate in `usePaymentFlow.request` (use-payment-flow.ts): `arrearsBlocking` and a
 * current due among the payments.
 */
function legacyWebGate(paymentHeadTypes: readonly string[], arrearsBlocking: boolean): boolean {
  return arrearsBlocking && paymentHeadTypes.some((type) => legacyWebKindOf(type) === 'current');
}

/** The server's collection check in `explainNotCollected` (collections.service.ts), without the not-pending case. */
function legacyServerCollectionCheck(duePaise: number, variable: boolean, amountPaise: number): string | null {
  if (amountPaise < duePaise) return 'below_due';
  if (amountPaise !== duePaise && !variable) return 'fixed';
  return null;
}

/** The server result in the shape of the shared one (the 400 becomes `{ ok: false }`). */
function serverAsShared(duePaise: number, variable: boolean, custom: string | number | undefined): LegacyAmount {
  try {
    const paise = legacyServerEffectiveAmount(duePaise, variable, custom);
    return { ok: true, paise, custom: paise !== duePaise };
  } catch (error) {
    if (error instanceof LegacyBadRequest) return { ok: false };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------

describe('effectiveAmount (Variable-amount payment)', () => {
  const due = paise(150_000); // ₹1,500.00

  it.each<[string, boolean, string | number | undefined, LegacyAmount]>([
    ['a fixed head pays the due amount', false, undefined, { ok: true, paise: due, custom: false }],
    ['a fixed head ignores a larger amount', false, '2000', { ok: true, paise: due, custom: false }],
    ['a fixed head ignores even an invalid amount', false, 'abc', { ok: true, paise: due, custom: false }],
    ['nothing entered falls back to the due amount', true, undefined, { ok: true, paise: due, custom: false }],
    ['blank falls back to the due amount', true, '', { ok: true, paise: due, custom: false }],
    ['spaces fall back to the due amount', true, '   ', { ok: true, paise: due, custom: false }],
    ['above the due amount is used', true, '1500.01', { ok: true, paise: 150_001, custom: true }],
    ['a larger whole amount', true, '2000', { ok: true, paise: 200_000, custom: true }],
    ['the due amount itself is not custom', true, '1500', { ok: true, paise: due, custom: false }],
    ['the due amount with decimals is not custom', true, '1500.00', { ok: true, paise: due, custom: false }],
    ['below the due amount is raised to it', true, '1000', { ok: true, paise: due, custom: false }],
    ['zero is raised to the due amount', true, '0', { ok: true, paise: due, custom: false }],
    ['grouping and the rupee sign are read', true, '₹2,000.50', { ok: true, paise: 200_050, custom: true }],
    ['surrounding spaces are ignored', true, ' 1600 ', { ok: true, paise: 160_000, custom: true }],
    ['a rupee number (the order request) is read', true, 1600.5, { ok: true, paise: 160_050, custom: true }],
    ['a third decimal is refused', true, '1600.005', { ok: false }],
    ['a negative amount is refused', true, '-1600', { ok: false }],
    ['text is refused', true, 'abc', { ok: false }],
    ['a second point is refused', true, '1.2.3', { ok: false }],
    ['a negative rupee number is refused', true, -5, { ok: false }],
    ['NaN is refused', true, Number.NaN, { ok: false }],
  ])('%s', (_name, variable, entered, expected) => {
    expect(effectiveAmount(due, variable, entered)).toEqual(expected);
    expect(serverAsShared(due, variable, entered)).toEqual(expected);
    if (typeof entered !== 'number') {
      expect(legacyWebEffectiveAmount({ amount: 1500, paymentHeadId: { variable_amount: variable } }, entered)).toEqual(
        expected,
      );
    }
  });

  it('a due amount of zero takes any valid amount above it', () => {
    expect(effectiveAmount(paise(0), true, '0.01')).toEqual({ ok: true, paise: 1, custom: true });
    expect(effectiveAmount(paise(0), true, '0')).toEqual({ ok: true, paise: 0, custom: false });
  });

  const enteredText = fc.oneof(
    fc.constant(''),
    fc.constant('  '),
    fc.stringMatching(/^\d{1,7}(\.\d{1,3})?$/),
    fc.stringMatching(/^[\d.,₹ -]{0,10}$/),
    fc.string({ maxLength: 8 }),
  );

  it('gives what the server gave for any due amount, head and custom amount (text or number)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.boolean(),
        fc.oneof(
          enteredText,
          fc.constant(undefined),
          fc.double({ min: -10, max: 10 ** 7, noNaN: false }),
          fc.integer({ min: 0, max: 10 ** 9 }).map((p) => p / 100),
        ),
        (duePaise, variable, custom) => {
          const shared = effectiveAmount(paise(duePaise), variable, custom);
          expect(shared).toEqual(serverAsShared(duePaise, variable, custom));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives what the web gave for any due amount from the API, head and typed text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.boolean(),
        fc.option(enteredText, { nil: undefined }),
        (duePaise, variable, entered) => {
          const dueRupees = duePaise / 100; // what the API sends
          const shared = effectiveAmount(paise(legacyWebToPaise(dueRupees)), variable, entered);
          const web = legacyWebEffectiveAmount(
            { amount: dueRupees, paymentHeadId: { variable_amount: variable } },
            entered,
          );
          expect(shared).toEqual(web);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('paymentKindOf and the arrears gate (Arrears first)', () => {
  const TYPES = [
    ...HEAD_TYPES,
    'arrears',
    'normal',
    'due',
    'current',
    'misc',
    'ARREAR',
    ' Miscellaneous ',
    'other',
    '',
  ];

  it.each<[string, 'arrear' | 'current' | 'misc']>([
    ['arrear', 'arrear'],
    ['arrears', 'arrear'],
    ['Arrears', 'arrear'],
    ['current due', 'current'],
    ['normal', 'current'],
    ['due', 'current'],
    ['current', 'current'],
    ['miscellaneous', 'misc'],
    ['misc', 'misc'],
    ['anything else', 'current'],
    ['', 'current'],
  ])('%j is %s', (type, kind) => {
    expect(paymentKindOf(type)).toBe(kind);
  });

  it('gives the kind the web gave for every type', () => {
    for (const type of TYPES) expect(paymentKindOf(type)).toBe(legacyWebKindOf(type));
  });

  it.each<[string, string[], boolean, boolean]>([
    ['a current due while an arrear is pending', ['current due'], true, true],
    ['a current due with the arrears in the same order', ['arrear', 'current due'], true, true],
    ['a legacy current due (normal)', ['normal'], true, true],
    ['arrears alone', ['arrear', 'arrear'], true, false],
    ['miscellaneous while an arrear is pending', ['miscellaneous'], true, false],
    ['arrears and miscellaneous', ['arrear', 'miscellaneous'], true, false],
    ['a current due with no arrear pending', ['current due'], false, false],
    ['an empty order', [], true, false],
  ])('%s: blocked %s', (_name, types, pendingArrears, blocked) => {
    expect(arrearsGateBlocks(types, pendingArrears)).toBe(blocked);
  });

  it('gives what the server gave for every order of stored (canonical) types', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...HEAD_TYPES), { maxLength: 6 }), fc.boolean(), (types, pending) => {
        expect(arrearsGateBlocks(types, pending)).toBe(legacyServerGate(types, pending));
      }),
    );
  });

  it('gives what the web gave for every selection of any types', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TYPES), { maxLength: 6 }), fc.boolean(), (types, blocking) => {
        expect(arrearsGateBlocks(types, blocking)).toBe(legacyWebGate(types, blocking));
      }),
    );
  });
});

describe('collectionAmountProblem (collect at the office)', () => {
  it.each<[number, boolean, number, 'below_due' | 'fixed' | null]>([
    [150_000, false, 150_000, null],
    [150_000, true, 150_000, null],
    [150_000, true, 150_001, null],
    [150_000, false, 150_001, 'fixed'],
    [150_000, false, 149_999, 'below_due'],
    [150_000, true, 149_999, 'below_due'],
    [150_000, true, 0, 'below_due'],
    [0, false, 0, null],
    [0, false, 1, 'fixed'],
  ])('due %i, variable %s, collected %i -> %s', (due, variable, collected, problem) => {
    expect(collectionAmountProblem(paise(due), variable, paise(collected))).toBe(problem);
  });

  it("gives what the server's check gave for any amounts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 10 ** 9 }),
        (due, variable, collected) => {
          expect(collectionAmountProblem(paise(due), variable, paise(collected))).toBe(
            legacyServerCollectionCheck(due, variable, collected),
          );
        },
      ),
    );
  });
});
