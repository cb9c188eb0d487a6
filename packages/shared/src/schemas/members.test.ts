import { describe, expect, it } from 'vitest';

import { memberInputSchema } from './members.ts';

// The product's own texts (`docs/domain.md`, "§5 Validation"), written out here on purpose.
const REQUIRED = 'Please fill all required fields (Name, Mobile, and Parish Number)';
const INVALID_MOBILE = 'Please enter a valid 12-digit mobile number with country code (e.g., 919876543210)';
const INVALID_PARISH_NUMBER = 'Parish number must contain only letters and numbers (no spaces or special characters)';
const NAME_TOO_LONG = 'Name must be less than 100 characters';
const INVALID_EMAIL = 'Please enter a valid email address';
const ADDRESS_TOO_LONG = 'Address must be less than 500 characters';

const valid = { name: 'Thomas Mathew', mobile: '9847012345', parishNumber: 'sm42' };

function messagesFor(input: unknown): Record<string, string[]> {
  const result = memberInputSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    (byField[field] ??= []).push(issue.message);
  }
  return byField;
}

describe('memberInputSchema (member form and CSV row)', () => {
  it('normalises: 91 prefix, upper-case parish number, trimmed name, blank optionals left out', () => {
    const result = memberInputSchema.parse({
      name: '  Thomas Mathew ',
      mobile: '98470 12345',
      parishNumber: ' sm42 ',
      alternateContact: '',
      currentLocation: '  ',
      email: '',
      address: '',
    });
    expect(result).toEqual({ name: 'Thomas Mathew', mobile: '919847012345', parishNumber: 'SM42' });
    expect('email' in result && result.email !== undefined).toBe(false);
  });

  it('keeps filled optional fields, trimmed', () => {
    const result = memberInputSchema.parse({
      ...valid,
      alternateContact: ' 0481 2560000 ',
      currentLocation: 'Dubai',
      email: 'thomas@example.org',
      address: 'House 12, Church Road',
    });
    expect(result).toMatchObject({
      alternateContact: '0481 2560000',
      currentLocation: 'Dubai',
      email: 'thomas@example.org',
      address: 'House 12, Church Road',
    });
  });

  it.each(['name', 'mobile', 'parishNumber'] as const)(
    'a missing or blank %s is the "required fields" message',
    (field) => {
      expect(messagesFor({ ...valid, [field]: undefined })[field]).toEqual([REQUIRED]);
      expect(messagesFor({ ...valid, [field]: '' })[field]).toEqual([REQUIRED]);
      expect(messagesFor({ ...valid, [field]: '   ' })[field]).toEqual([REQUIRED]);
    },
  );

  it('an empty form names all three required fields', () => {
    expect(messagesFor({})).toEqual({ name: [REQUIRED], mobile: [REQUIRED], parishNumber: [REQUIRED] });
  });

  it.each(['98470123', '819847012345', '9198470123456', '98470abcde'])(
    'mobile %j: invalid mobile message',
    (mobile) => {
      expect(messagesFor({ ...valid, mobile })).toEqual({ mobile: [INVALID_MOBILE] });
    },
  );

  it.each(['SM 42', 'SM-42', 'SM#42'])('parish number %j: letters and digits only', (parishNumber) => {
    expect(messagesFor({ ...valid, parishNumber })).toEqual({ parishNumber: [INVALID_PARISH_NUMBER] });
  });

  it('name: 100 characters at most', () => {
    expect(messagesFor({ ...valid, name: 'x'.repeat(100) })).toEqual({});
    expect(messagesFor({ ...valid, name: 'x'.repeat(101) })).toEqual({ name: [NAME_TOO_LONG] });
  });

  it.each(['thomas', 'thomas@', 'thomas@example', 'tho mas@example.org', '@example.org'])(
    'email %j: invalid email message',
    (email) => {
      expect(messagesFor({ ...valid, email })).toEqual({ email: [INVALID_EMAIL] });
    },
  );

  it('email: a simple address passes', () => {
    expect(messagesFor({ ...valid, email: 'a.b+c@example.co.in' })).toEqual({});
  });

  it('address: 500 characters at most', () => {
    expect(messagesFor({ ...valid, address: 'a'.repeat(500) })).toEqual({});
    expect(messagesFor({ ...valid, address: 'a'.repeat(501) })).toEqual({ address: [ADDRESS_TOO_LONG] });
  });

  it('reports every bad field at once', () => {
    expect(messagesFor({ name: 'x'.repeat(101), mobile: '123', parishNumber: 'a b', email: 'nope' })).toEqual({
      name: [NAME_TOO_LONG],
      mobile: [INVALID_MOBILE],
      parishNumber: [INVALID_PARISH_NUMBER],
      email: [INVALID_EMAIL],
    });
  });
});
