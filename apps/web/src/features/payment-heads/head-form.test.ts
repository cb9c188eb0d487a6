import { HEAD_YEAR_MESSAGE, MSG } from '@parish/shared';
import { describe, expect, it } from 'vitest';

import { FORM_ERROR, schemaValidator } from '../../lib/form-validation.ts';
import {
  headBody,
  headErrorTitleKey,
  headFormInput,
  headFormSchema,
  parseDisplayDate,
  withType,
  type HeadFormValues,
} from './head-form.ts';

const values: HeadFormValues = {
  name: ' Church Renovation ',
  description: ' Roof and bell tower ',
  amount: '1,00,000.50',
  type: 'current due',
  year: 2026,
  dueDate: '2027-03-31',
  variable_amount: false,
};

const check = (form: HeadFormValues, isEdit = false) =>
  schemaValidator<HeadFormValues>(headFormSchema(isEdit), { input: (v) => headFormInput(v, isEdit) })(form)[
    FORM_ERROR
  ] ?? null;

describe('account head form', () => {
  it('needs a name and, on create, an amount', () => {
    expect(check({ ...values, name: '  ' })).toBe(MSG.headRequired);
    expect(check({ ...values, amount: ' ' })).toBe(MSG.headRequired);
    expect(check({ ...values, name: '', amount: 'abc' })).toBe(MSG.headRequired);
    expect(check(values)).toBeNull();
  });

  it('takes an amount above zero with at most two decimals', () => {
    expect(check({ ...values, amount: '0' })).toBe(MSG.invalidAmount);
    expect(check({ ...values, amount: '12.345' })).toBe(MSG.invalidAmount);
    expect(check({ ...values, amount: '-5' })).toBe(MSG.invalidAmount);
    expect(check({ ...values, amount: '0.01' })).toBeNull();
  });

  it('does not check the locked amount on edit, nor a due date of an arrear', () => {
    expect(check({ ...values, amount: '' }, true)).toBeNull();
    expect(check({ ...values, name: '' }, true)).toBe(MSG.headRequired);
    expect(check({ ...values, type: 'arrear', dueDate: 'not a date' })).toBeNull();
    expect(check({ ...values, year: 2019 })).toBe(HEAD_YEAR_MESSAGE);
  });

  it('titles the amount message Invalid Amount, anything else Validation Error', () => {
    expect(headErrorTitleKey(MSG.invalidAmount)).toBe('invalidAmountTitle');
    expect(headErrorTitleKey(MSG.headRequired)).toBe('validationTitle');
  });

  it('sends trimmed texts, the amount in rupees on create only, no due date for an arrear', () => {
    expect(headBody(values, false)).toEqual({
      name: 'Church Renovation',
      description: 'Roof and bell tower',
      type: 'current due',
      year: 2026,
      dueDate: '2027-03-31',
      variable_amount: false,
      amount: 100000.5,
    });
    expect(headBody({ ...values, type: 'arrear' }, true)).toEqual({
      name: 'Church Renovation',
      description: 'Roof and bell tower',
      type: 'arrear',
      year: 2026,
      dueDate: null,
      variable_amount: false,
    });
  });

  it('gives a current due or miscellaneous head 31 March of the financial year, and clears it for an arrear', () => {
    const arrear = withType(values, 'arrear', '2026-11-22');
    expect(arrear.dueDate).toBeNull();
    expect(withType(arrear, 'miscellaneous', '2026-11-22').dueDate).toBe('2027-03-31');
    expect(withType(arrear, 'current due', '2027-02-10').dueDate).toBe('2027-03-31');
    expect(withType(arrear, 'current due', '2027-04-01').dueDate).toBe('2028-03-31');
    expect(withType({ ...values, dueDate: '2026-12-25' }, 'miscellaneous', '2026-11-22').dueDate).toBe('2026-12-25');
  });

  it('reads a typed dd/mm/yyyy date, refusing dates that do not exist', () => {
    expect(parseDisplayDate('31/03/2027')).toBe('2027-03-31');
    expect(parseDisplayDate(' 1.4.2026 ')).toBe('2026-04-01');
    expect(parseDisplayDate('29-02-2028')).toBe('2028-02-29');
    expect(parseDisplayDate('29/02/2027')).toBeNull();
    expect(parseDisplayDate('31/04/2026')).toBeNull();
    expect(parseDisplayDate('2026-04-01')).toBeNull();
    expect(parseDisplayDate('')).toBeNull();
  });
});
