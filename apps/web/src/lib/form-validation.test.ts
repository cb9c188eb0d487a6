import {
  MSG,
  changePasswordSchema,
  memberInputSchema,
  staffLoginSchema,
  updateParishSettingsSchema,
} from '@parish/shared';
import { describe, expect, it } from 'vitest';

import {
  FORM_ERROR,
  FORM_ERROR_TITLE,
  formErrorOf,
  formErrors,
  parseValues,
  schemaValidator,
} from './form-validation.ts';

const member = {
  name: 'Thomas Mathew',
  mobile: '98470 12345',
  parishNumber: 'sm101',
  alternateContact: '',
  currentLocation: ' Kottayam ',
  email: '',
  address: '',
};

describe('schemaValidator and parseValues', () => {
  it('reports only the first problem, under the form key', () => {
    const validate = schemaValidator(memberInputSchema);
    expect(validate({ ...member, name: ' ', mobile: '123' })).toEqual({ [FORM_ERROR]: MSG.memberRequired });
    expect(validate({ ...member, mobile: '123' })).toEqual({ [FORM_ERROR]: MSG.invalidMobile });
    expect(validate(member)).toEqual({});
  });

  it('may show one fixed text for any problem', () => {
    const validate = schemaValidator(staffLoginSchema, { message: () => MSG.staffLoginBlank });
    expect(validate({ username: 'admin', password: '' })).toEqual({ [FORM_ERROR]: MSG.staffLoginBlank });
    expect(validate({ username: 'admin', password: 'x' })).toEqual({});
  });

  it('checks what the input function gives', () => {
    const validate = schemaValidator(changePasswordSchema, {
      input: (values: { now: string; next: string }) => ({ currentPassword: values.now, newPassword: values.next }),
    });
    expect(validate({ now: 'old-password', next: 'short' })).toEqual({ [FORM_ERROR]: MSG.passwordTooShort });
  });

  it("sends the schema's normalised output", () => {
    expect(parseValues(memberInputSchema, member)).toEqual({
      name: 'Thomas Mathew',
      mobile: '919847012345',
      parishNumber: 'SM101',
      currentLocation: 'Kottayam',
    });
    expect(() => parseValues(updateParishSettingsSchema, { name: '' })).toThrow();
  });

  it('keeps a failed save as the form message, with its title when it has one', () => {
    expect(formErrorOf(formErrors('Duplicate Member', 'members.errorTitles.duplicate'))).toEqual({
      message: 'Duplicate Member',
      title: 'members.errorTitles.duplicate',
    });
    expect(formErrorOf({ [FORM_ERROR]: 'x' })).toEqual({ message: 'x', title: undefined });
    expect(formErrorOf({ name: 'a field error', [FORM_ERROR_TITLE]: 't' })).toBeNull();
  });
});
