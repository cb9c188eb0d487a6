import { describe, expect, it } from 'vitest';

import { amountPaise, formatRupees, paiseOf, signedPaiseOf } from './money.ts';
import { rupees, type Rupees } from '@parish/shared';

describe('formatRupees', () => {
  it('groups rupees the Indian way, with two decimals', () => {
    expect(formatRupees(rupees(100000))).toBe('₹1,00,000.00');
    expect(formatRupees(rupees(1234567.5))).toBe('₹12,34,567.50');
    expect(formatRupees(rupees(999.99))).toBe('₹999.99');
    expect(formatRupees(rupees(0))).toBe('₹0.00');
  });

  it('puts the minus sign before the rupee sign', () => {
    expect(formatRupees(rupees(-1500.5))).toBe('-₹1,500.50');
  });

  it('shows nothing known as zero', () => {
    expect(formatRupees(null)).toBe('₹0.00');
    expect(formatRupees(undefined)).toBe('₹0.00');
  });

  it('rounds a third decimal to the nearest paisa, half a paisa up', () => {
    // 0.005 rupees is exactly half a paisa.
    expect(formatRupees(0.005 as Rupees)).toBe('₹0.01');
    expect(formatRupees(10.125 as Rupees)).toBe('₹10.13');
    // 1.005 is stored a hair below 1.005 (100.4999... paise): it rounds down.
    expect(formatRupees(1.005 as Rupees)).toBe('₹1.00');
  });
});

describe('amountPaise', () => {
  it('converts rupees to integer paise without float arithmetic', () => {
    expect(amountPaise(rupees(100000))).toBe(10_000_000);
    expect(amountPaise(rupees(1250.5))).toBe(125_050);
    expect(amountPaise(rupees(0.29))).toBe(29);
  });

  it('drops the sign (the screen shows it apart)', () => {
    expect(amountPaise(rupees(-1500.5))).toBe(150_050);
  });

  it('is 0 for null, undefined and amounts with a third decimal', () => {
    expect(amountPaise(null)).toBe(0);
    expect(amountPaise(undefined)).toBe(0);
    expect(amountPaise(12.345 as Rupees)).toBe(0);
    expect(amountPaise((0.1 + 0.2) as Rupees)).toBe(0);
  });
});

describe('paiseOf', () => {
  it('reads rupees from the API, 0 for null and for what is not an amount', () => {
    expect(paiseOf(rupees(1500.5))).toBe(150_050);
    expect(paiseOf(rupees(0.07))).toBe(7);
    expect(paiseOf(null)).toBe(0);
    expect(paiseOf(undefined)).toBe(0);
    expect(paiseOf(rupees(-5))).toBe(0);
    expect(paiseOf((0.1 + 0.2) as Rupees)).toBe(0);
  });
});

describe('signedPaiseOf', () => {
  it('keeps the sign of a cash count short of the net cash', () => {
    expect(signedPaiseOf(rupees(-500.5))).toBe(-50050);
    expect(signedPaiseOf(rupees(1500.25))).toBe(150025);
  });

  it('is 0 for null, undefined and amounts with a third decimal', () => {
    expect(signedPaiseOf(null)).toBe(0);
    expect(signedPaiseOf(undefined)).toBe(0);
    expect(signedPaiseOf(-1.234 as Rupees)).toBe(0);
  });
});
