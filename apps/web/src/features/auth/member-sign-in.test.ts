import { MSG, memberLoginSchema } from '@parish/shared';
import { describe, expect, it } from 'vitest';

import { checkMemberSignIn } from './member-sign-in.ts';

describe('checkMemberSignIn', () => {
  const cases = [
    { identifier: '', password: '' },
    { identifier: '   ', password: 'abcd2345' },
    { identifier: ' 9847012345 ', password: '' },
    { identifier: 'SM101', password: 'abcd2345' },
    { identifier: 'x'.repeat(101), password: 'abcd2345' },
    { identifier: `  ${'x'.repeat(100)}  `, password: 'y'.repeat(201) },
    { identifier: 'SM101', password: ' '.repeat(3) },
  ];

  it.each(cases)('agrees with the shared memberLoginSchema (%#)', (values) => {
    const parsed = memberLoginSchema.safeParse(values);
    const checked = checkMemberSignIn(values);
    if (parsed.success) expect(checked).toEqual({ ok: true, body: parsed.data });
    else expect(checked).toEqual({ ok: false, message: parsed.error.issues[0]?.message, key: expect.any(String) });
  });

  it("asks for the identifier first, then the password, in the product's words", () => {
    expect(checkMemberSignIn({ identifier: ' ', password: '' })).toEqual({
      ok: false,
      message: MSG.memberIdentifierBlank,
      key: 'memberIdentifierBlank',
    });
    expect(checkMemberSignIn({ identifier: 'SM101', password: '' })).toEqual({
      ok: false,
      message: MSG.memberPasswordBlank,
      key: 'memberPasswordBlank',
    });
    expect(checkMemberSignIn({ identifier: ' SM101 ', password: ' pw ' })).toEqual({
      ok: true,
      body: { identifier: 'SM101', password: ' pw ' },
    });
  });
});
