import { describe, expect, it } from 'vitest';

import { formatDisplayDateTime as formatDateTime } from '@parish/shared';

import { fieldLabel, summarizeChange, valueText } from './activity-summary.ts';

const words = { yes: 'Yes', no: 'No', empty: '(empty)' };

describe('formatDateTime', () => {
  it('shows an instant as dd/mm/yyyy hh:mm in parish time, 24-hour', () => {
    // 18:45 UTC is 00:15 the next day in India (UTC+5:30).
    expect(formatDateTime('2026-11-22T18:45:00.000Z', 'Asia/Kolkata')).toBe('23/11/2026 00:15');
    expect(formatDateTime('2026-01-05T08:00:00.000Z', 'Asia/Kolkata')).toBe('05/01/2026 13:30');
    expect(formatDateTime('2026-12-31T23:59:00.000Z', 'UTC')).toBe('31/12/2026 23:59');
  });
});

describe('activity summaries', () => {
  it('names fields and shows money stored in paise as rupees', () => {
    expect(fieldLabel('amountPaise')).toBe('amount');
    expect(fieldLabel('paidAt')).toBe('paid at');
    expect(valueText('amountPaise', 10_000_000, words)).toBe('₹1,00,000.00');
    expect(valueText('amountPaise', '150050', words)).toBe('₹1,500.50');
    expect(valueText('isActive', false, words)).toBe('No');
    expect(valueText('notes', '', words)).toBe('(empty)');
    expect(valueText('notes', 'x'.repeat(70), words)).toBe(`${'x'.repeat(59)}…`);
  });

  it('lists what changed, never a secret, at most four with the number left over', () => {
    const before = { name: 'A', a: 1, b: 1, c: 1, d: 1, passwordHash: 'old', same: 'x' };
    const after = { name: 'B', a: 2, b: 2, c: 2, d: 2, passwordHash: 'new', same: 'x' };
    const summary = summarizeChange('member.updated', before, after, words);
    expect(summary.kind).toBe('changed');
    expect(summary.changes[0]).toEqual({ field: 'name', before: 'A', after: 'B' });
    expect(summary.changes).toHaveLength(4);
    expect(summary.more).toBe(1);
    expect(summarizeChange('member.created', null, { amountPaise: 5000 }, words)).toEqual({
      kind: 'created',
      changes: [{ field: 'amount', before: null, after: '₹50.00' }],
      more: 0,
    });
  });

  it('shows the rupee amounts an action records as ₹, and nested fields by path', () => {
    const summary = summarizeChange(
      'payment.collected',
      { status: 'pending', amount: 1500, memberId: 'm1' },
      { status: 'paid', amount: 1500, paidAmount: 1500, receiptNumber: '2026-27/000538', memberId: 'm1' },
      words,
      10,
    );
    expect(summary.changes).toEqual([
      { field: 'status', before: 'pending', after: 'paid' },
      { field: 'paid amount', before: '(empty)', after: '₹1,500.00' },
      { field: 'receipt number', before: '(empty)', after: '2026-27/000538' },
    ]);
    const mismatch = summarizeChange(
      'transaction.verification_mismatch',
      null,
      { details: { reason: 'amount', orderAmount: 100000 } },
      words,
    );
    expect(mismatch.changes).toContainEqual({ field: 'details › order amount', before: null, after: '₹1,00,000.00' });
  });
});
