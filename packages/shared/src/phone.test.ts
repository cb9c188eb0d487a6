import { describe, expect, it } from 'vitest';

import { displayMobile, normalizeMobile, parseLoginIdentifier, toWhatsAppNumber } from './phone.ts';

const INVALID_MOBILE = 'Please enter a valid 12-digit mobile number with country code (e.g., 919876543210)';

describe('normalizeMobile (member form, docs/domain.md §5)', () => {
  it.each([
    ['9847012345', '919847012345'],
    ['919847012345', '919847012345'],
    ['+91 98470 12345', '919847012345'],
    ['+91-98470-12345', '919847012345'],
    ['(984) 701-2345', '919847012345'],
    ['  9847012345  ', '919847012345'],
    ['6123456789', '916123456789'],
  ])('%j -> %s', (input, mobile) => {
    expect(normalizeMobile(input)).toEqual({ ok: true, mobile });
  });

  it.each([
    ['819847012345'], // 12 digits not starting 91
    ['09847012345'], // 11 digits (the login form accepts a trunk 0; the member form does not)
    ['98470123'], // too short
    ['9198470123456'], // 13 digits
    ['98470x2345'],
    [''],
    ['   '],
  ])('refuses %j with the specification message', (input) => {
    expect(normalizeMobile(input)).toEqual({ ok: false, error: INVALID_MOBILE });
  });

  it('the example in the message is itself a valid 12-digit number starting 91', () => {
    const example = /\(e\.g\., (\d+)\)/.exec(INVALID_MOBILE)?.[1] ?? '';
    expect(example).toMatch(/^91\d{10}$/);
    expect(normalizeMobile(example)).toEqual({ ok: true, mobile: example });
  });
});

describe('toWhatsAppNumber (phone helper, docs/domain.md §5, decision 0118)', () => {
  it('adds 91 to a 10-digit number starting with 9', () => {
    expect(toWhatsAppNumber('9847012345')).toBe('919847012345');
    expect(toWhatsAppNumber('98470 12345')).toBe('919847012345');
  });

  it.each([
    ['8123456789', '918123456789'],
    ['7012345678', '917012345678'],
    ['6123456789', '916123456789'],
    ['08123456789', '918123456789'],
  ])('adds 91 to every Indian mobile (6, 7, 8 or 9 first, National Numbering Plan): %s', (input, number) => {
    expect(toWhatsAppNumber(input)).toBe(number);
  });

  it('keeps other 10-digit numbers as they are', () => {
    expect(toWhatsAppNumber('5847012345')).toBe('5847012345');
    expect(toWhatsAppNumber('0123456789')).toBe('0123456789');
  });

  it('keeps digits only, 10 to 15 of them', () => {
    expect(toWhatsAppNumber('+91 98470-12345')).toBe('919847012345');
    expect(toWhatsAppNumber('+1 (555) 123-4567')).toBe('15551234567');
    expect(toWhatsAppNumber('123456789012345')).toBe('123456789012345');
  });

  it('refuses fewer than 10 or more than 15 digits', () => {
    expect(toWhatsAppNumber('984701234')).toBeNull();
    expect(toWhatsAppNumber('1234567890123456')).toBeNull();
    expect(toWhatsAppNumber('')).toBeNull();
    expect(toWhatsAppNumber('no digits')).toBeNull();
  });
});

describe('parseLoginIdentifier (member sign-in)', () => {
  it.each([['+91 98470 12345'], ['09847012345'], ['9847012345'], ['919847012345'], ['98470-12345'], [' 9847012345 ']])(
    '%j is the mobile 919847012345',
    (input) => {
      expect(parseLoginIdentifier(input)).toEqual({ kind: 'mobile', value: '919847012345' });
    },
  );

  it.each([
    ['abc123', 'ABC123'],
    ['ABC123', 'ABC123'],
    ['  sm42 ', 'SM42'],
    ['12345', '12345'], // digits that are no mobile are a parish number
    ['819847012345', '819847012345'],
  ])('%j is the parish number %s (case-insensitive)', (input, value) => {
    expect(parseLoginIdentifier(input)).toEqual({ kind: 'parishNumber', value });
  });
});

describe('displayMobile', () => {
  it('shows a stored Indian mobile as +91 98470 12345, anything else as it is', () => {
    expect(displayMobile('919847012345')).toBe('+91 98470 12345');
    expect(displayMobile('9847012345')).toBe('9847012345');
    expect(displayMobile('4915112345678')).toBe('4915112345678');
  });
});
