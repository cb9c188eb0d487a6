import { describe, expect, it } from 'vitest';

import { changePasswordSchema, memberLoginSchema, staffLoginSchema } from './auth.ts';

const STAFF_BLANK = 'Please enter both username and password';
const MEMBER_IDENTIFIER_BLANK = 'Please enter your mobile number or parish number';
const MEMBER_PASSWORD_BLANK = 'Please enter your password';

function firstMessage(
  schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  input: unknown,
) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => issue.message);
}

describe('staffLoginSchema (docs/domain.md §5: both non-blank)', () => {
  it('accepts a username and password, trimming the username only', () => {
    expect(staffLoginSchema.parse({ username: ' admin ', password: ' pw ' })).toEqual({
      username: 'admin',
      password: ' pw ',
    });
  });

  it.each([
    [{ username: '', password: 'x' }],
    [{ username: '   ', password: 'x' }],
    [{ username: 'admin', password: '' }],
    [{ username: 'admin' }],
    [{ password: 'x' }],
    [{}],
  ])('%j -> "Please enter both username and password"', (input) => {
    const messages = firstMessage(staffLoginSchema, input);
    expect(messages?.length).toBeGreaterThan(0);
    expect(new Set(messages)).toEqual(new Set([STAFF_BLANK]));
  });
});

describe('memberLoginSchema', () => {
  it('a blank or missing identifier has its own message', () => {
    expect(firstMessage(memberLoginSchema, { identifier: ' ', password: 'x' })).toEqual([MEMBER_IDENTIFIER_BLANK]);
    expect(firstMessage(memberLoginSchema, { password: 'x' })).toEqual([MEMBER_IDENTIFIER_BLANK]);
  });

  it('a blank or missing password has its own message', () => {
    expect(firstMessage(memberLoginSchema, { identifier: '9847012345', password: '' })).toEqual([
      MEMBER_PASSWORD_BLANK,
    ]);
    expect(firstMessage(memberLoginSchema, { identifier: '9847012345' })).toEqual([MEMBER_PASSWORD_BLANK]);
  });
});

describe('changePasswordSchema', () => {
  it('needs a new password of at least 8 characters', () => {
    expect(firstMessage(changePasswordSchema, { currentPassword: 'old', newPassword: '1234567' })).toEqual([
      'The new password must be at least 8 characters long',
    ]);
    expect(changePasswordSchema.parse({ currentPassword: 'old', newPassword: '12345678' }).newPassword).toBe(
      '12345678',
    );
  });
});
