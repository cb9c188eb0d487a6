import { paymentKindOf as kindOf, rupees } from '@parish/shared';
import { describe, expect, it } from 'vitest';

import { payment } from '../../test/fixtures.ts';
import {
  acceptAmountInput,
  effectiveAmount,
  groupPending,
  orderAmounts,
  selectablePayments,
  typeBadgeKey,
} from './payment-rules.ts';

describe('kindOf and typeBadgeKey', () => {
  it('reads canonical and legacy head types; anything else is a current due', () => {
    expect(kindOf('arrear')).toBe('arrear');
    expect(kindOf('Arrears')).toBe('arrear');
    expect(kindOf('misc')).toBe('misc');
    expect(kindOf('normal')).toBe('current');
    expect(kindOf('something else')).toBe('current');
  });

  it('shows DUE for a legacy due head on the Paid tab only', () => {
    expect(typeBadgeKey('due', true)).toBe('due');
    expect(typeBadgeKey('due')).toBe('currentDue');
    expect(typeBadgeKey('arrears', true)).toBe('arrears');
    expect(typeBadgeKey('miscellaneous')).toBe('miscellaneous');
  });
});

describe('groupPending and selectablePayments', () => {
  const arrear = payment({ id: 'a', type: 'arrear' });
  const misc = payment({ id: 'm', type: 'miscellaneous' });
  const current = payment({ id: 'c', type: 'current due' });
  const paid = payment({ id: 'x', type: 'arrear', status: 'paid', paidAmount: rupees(1500) });

  it('splits the pending payments by kind in the order given and leaves paid ones out', () => {
    const groups = groupPending([current, paid, arrear, misc]);
    expect(groups.arrears.map((p) => p._id)).toEqual(['a']);
    expect(groups.misc.map((p) => p._id)).toEqual(['m']);
    expect(groups.current.map((p) => p._id)).toEqual(['c']);
  });

  it('offers current dues only when no arrears block them (arrears first)', () => {
    const groups = groupPending([arrear, misc, current]);
    expect(selectablePayments(groups, true).map((p) => p._id)).toEqual(['a', 'm']);
    expect(selectablePayments(groups, false).map((p) => p._id)).toEqual(['a', 'm', 'c']);
  });
});

describe('acceptAmountInput', () => {
  it('takes digits and one decimal point, refusing anything else', () => {
    expect(acceptAmountInput('12.5', '12')).toBe('12.5');
    expect(acceptAmountInput('.5', '')).toBe('.5');
    expect(acceptAmountInput('', '5')).toBe('');
    expect(acceptAmountInput('12.5.1', '12.5')).toBe('12.5');
    expect(acceptAmountInput('1,500', '1500')).toBe('1500');
    expect(acceptAmountInput('-5', '5')).toBe('5');
  });
});

describe('effectiveAmount and orderAmounts', () => {
  const fixed = payment({ id: 'f', amount: rupees(1500) });
  const variable = payment({ id: 'v', amount: rupees(1500), variable: true });

  it('pays the due amount of a fixed head whatever is typed', () => {
    expect(effectiveAmount(fixed, '9999')).toEqual({ ok: true, paise: 150_000, custom: false });
  });

  it('pays more than the due amount of a variable head, never less', () => {
    expect(effectiveAmount(variable, '1600')).toEqual({ ok: true, paise: 160_000, custom: true });
    expect(effectiveAmount(variable, '1,00,000.5')).toEqual({ ok: true, paise: 10_000_050, custom: true });
    expect(effectiveAmount(variable, '1400')).toEqual({ ok: true, paise: 150_000, custom: false });
    expect(effectiveAmount(variable, '1500')).toEqual({ ok: true, paise: 150_000, custom: false });
    expect(effectiveAmount(variable, '  ')).toEqual({ ok: true, paise: 150_000, custom: false });
    expect(effectiveAmount(variable, undefined)).toEqual({ ok: true, paise: 150_000, custom: false });
  });

  it('refuses a third decimal', () => {
    expect(effectiveAmount(variable, '1600.005')).toEqual({ ok: false });
  });

  it('sums the order and sends only the custom amounts, as rupee text with two decimals', () => {
    expect(orderAmounts([fixed, variable], { f: '2000', v: '1750.5' })).toEqual({
      totalPaise: 150_000 + 175_050,
      customAmounts: { v: '1750.50' },
    });
    expect(orderAmounts([fixed, variable], {})).toEqual({ totalPaise: 300_000, customAmounts: {} });
    expect(orderAmounts([variable], { v: 'abc' })).toBeNull();
  });
});
