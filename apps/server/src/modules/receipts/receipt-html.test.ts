import { describe, expect, it } from 'vitest';

import { formatReceiptNumber } from '../payments/ledger/receipts.ts';
import { escapeHtml } from '../../lib/html.ts';
import { buildReceiptHtml, paymentMethodLabel, type ReceiptData } from './receipt-html.ts';
import { paise } from '@parish/shared';

describe('formatReceiptNumber', () => {
  it('names the financial year and pads the sequence to 6 digits', () => {
    expect(formatReceiptNumber(2026, 1)).toBe('2026-27/000001');
    expect(formatReceiptNumber(2099, 123456)).toBe('2099-00/123456');
  });
});

describe('paymentMethodLabel', () => {
  it('shows the stored method, and Manual when there is none', () => {
    expect(paymentMethodLabel('cash')).toBe('Cash');
    expect(paymentMethodLabel('upi')).toBe('UPI');
    expect(paymentMethodLabel('cheque')).toBe('Cheque');
    expect(paymentMethodLabel('online')).toBe('Online');
    expect(paymentMethodLabel(null)).toBe('Manual');
    expect(paymentMethodLabel('manual')).toBe('Manual');
  });
});

const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload="window.__xss=1">',
  "'-alert(1)-'",
  '</title><script>alert(1)</script>',
  '`${7*7}`',
];

function data(text: string, overrides: Partial<ReceiptData> = {}): ReceiptData {
  return {
    parish: { name: text, address: text, contact: text, logoUrl: '' },
    receiptNumber: text,
    transactionId: text,
    date: '22/11/2026',
    paymentMethod: 'cash',
    member: { name: text, parishNumber: text, mobile: '919847012345', email: text },
    head: { name: text, description: text, typeLabel: 'Arrears' },
    amountPaise: paise(10_000_000),
    ...overrides,
  };
}

describe('buildReceiptHtml', () => {
  it.each(PAYLOADS)('escapes every value: %s', (payload) => {
    const html = buildReceiptHtml(data(payload), 'abc123');
    expect(html).toContain(escapeHtml(payload));
    expect(html).not.toContain(payload);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<img/g)).toBeNull();
  });

  it('shows every field of the specification, the amount grouped the Indian way and in words', () => {
    const html = buildReceiptHtml(
      data('x', {
        parish: {
          name: 'St. Mary’s Parish',
          address: 'Kottayam',
          contact: '0481 2560000',
          logoUrl: 'https://example.org/l.png',
        },
        receiptNumber: '2026-27/000042',
        transactionId: 'UPI-1',
        member: { name: 'Thomas Mathew', parishNumber: 'SM001', mobile: '919847012345', email: null },
        head: { name: 'Church Tax', description: 'Annual', typeLabel: 'Current Due' },
        paymentMethod: null,
      }),
      'n0nce',
    );
    for (const text of [
      'St. Mary’s Parish',
      'Kottayam',
      '0481 2560000',
      '<img src="https://example.org/l.png"',
      '2026-27/000042',
      'UPI-1',
      '22/11/2026',
      'Manual',
      'Thomas Mathew',
      'SM001',
      '+91 98470 12345',
      'Church Tax',
      'Annual',
      'Current Due',
      '₹1,00,000.00',
      'One Lakh Rupees Only',
      '<script nonce="n0nce">',
      '<style nonce="n0nce">',
      'setTimeout(function () { window.print(); }, 500)',
      'setTimeout(function () { window.close(); }, 1000)',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('Email');
  });

  it('drops a logo address that is not an image or http(s)', () => {
    const html = buildReceiptHtml(
      data('x', { parish: { name: 'P', address: '', contact: '', logoUrl: 'javascript:alert(1)' } }),
      'n',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
  });

  it('marks a test payment "TEST — no real money", in the second language too; a real one carries no mark', () => {
    const test = buildReceiptHtml(data('x', { test: true, secondLanguage: 'hi' }), 'n');
    expect(test).toContain('<section class="test" role="note" aria-label="Test payment">');
    expect(test).toContain('<div class="test-mark">TEST — no real money</div>');
    expect(test).toContain('टेस्ट — कोई असली पैसा नहीं');
    const real = buildReceiptHtml(data('x', { secondLanguage: 'hi' }), 'n');
    expect(real).not.toContain('TEST');
    expect(real).not.toContain('टेस्ट');
  });

  it('prints the check link under its QR code, escaped; without a link there is no check block', () => {
    const check = {
      url: 'https://st-mary.example/r/abc"<x>',
      qrSvg: '<svg viewBox="0 0 21 21"><path d="M0 0h1"/></svg>',
    };
    const html = buildReceiptHtml(data('x', { check }), 'n');
    expect(html).toContain('<section class="check" aria-label="Check this receipt">');
    expect(html).toContain(check.qrSvg);
    expect(html).toContain(`<p class="check-url">${escapeHtml(check.url)}</p>`);
    expect(html).not.toContain('abc"<x>');
    expect(buildReceiptHtml(data('x'), 'n')).not.toContain('class="check"');
  });
});
