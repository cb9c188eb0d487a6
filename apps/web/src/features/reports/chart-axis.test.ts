import { describe, expect, it } from 'vitest';

import { rupeeAxisTicks } from './chart-axis.ts';

describe('rupeeAxisTicks (issue 27, item 5: one unit on an axis)', () => {
  it('reads every tick in the unit of the largest value', () => {
    const lakh = rupeeAxisTicks(150_000);
    expect([0, 50_000, 100_000, 150_000].map(lakh)).toEqual(['₹0', '₹0.5L', '₹1L', '₹1.5L']);
    const thousand = rupeeAxisTicks(4_500);
    expect([0, 500, 1_000, 4_500].map(thousand)).toEqual(['₹0', '₹0.5K', '₹1K', '₹4.5K']);
    const crore = rupeeAxisTicks(25_000_000);
    expect([5_000_000, 10_000_000, 25_000_000].map(crore)).toEqual(['₹0.5Cr', '₹1Cr', '₹2.5Cr']);
  });

  it('keeps rupees under a thousand as rupees, grouped the Indian way in any unit', () => {
    expect([0, 250, 900].map(rupeeAxisTicks(900))).toEqual(['₹0', '₹250', '₹900']);
    expect(rupeeAxisTicks(2e12)(2e12)).toBe('₹2,00,000Cr');
  });
});
