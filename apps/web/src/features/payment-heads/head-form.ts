import {
  MSG,
  ZERO_PAISE,
  defaultDueDate,
  paiseToRupees,
  parseRupeesToPaise,
  paymentHeadInputSchema,
  paymentHeadUpdateSchema,
  type HeadType,
} from '@parish/shared';

import type { SafeParser } from '../../lib/form-validation.ts';
import type { HeadBody } from './api.ts';

/** Where the form's due date is read (`lib/days.ts`); kept here for the form's callers. */
export { parseDisplayDate } from '../../lib/days.ts';

/**
 * The rules of the add/edit account head form (docs/domain.md, "§5 Validation", "Account head
 * form"), apart from the dialog: pure functions of the typed values.
 */

/** The form's values; amount as typed. */
export interface HeadFormValues {
  name: string;
  description: string;
  amount: string;
  type: HeadType;
  year: number;
  dueDate: string | null;
  variable_amount: boolean;
  /** A donation head (section 80G, decision 0148); absent: not sent (an edit keeps the stored flag). */
  isDonation?: boolean;
}

/** Types that carry a due date ("Due date applies only to current due or miscellaneous"). */
export function hasDueDate(type: HeadType): boolean {
  return type !== 'arrear';
}

/**
 * The form after a type change (docs/domain.md, "§4 Payment rules", "Head type change in the
 * form"): current due or miscellaneous without a due date gets 31 March of the financial year of
 * `today`; arrear clears the due date.
 */
export function withType(values: HeadFormValues, type: HeadType, today: string): HeadFormValues {
  if (!hasDueDate(type)) return { ...values, type, dueDate: null };
  return { ...values, type, dueDate: values.dueDate ?? defaultDueDate(today) };
}

/**
 * The schema the form is checked with: the shared `paymentHeadInputSchema` on create (name and
 * amount required, amount above 0 with at most 2 decimals), `paymentHeadUpdateSchema` on edit
 * (the amount is locked and not sent).
 */
export function headFormSchema(isEdit: boolean): SafeParser<unknown> {
  return isEdit ? paymentHeadUpdateSchema : paymentHeadInputSchema;
}

/** What {@link headFormSchema} checks: the values as they will be sent, the amount as typed. */
export function headFormInput(values: HeadFormValues, isEdit: boolean): Record<string, unknown> {
  return {
    name: values.name,
    description: values.description,
    type: values.type,
    year: values.year,
    dueDate: hasDueDate(values.type) ? values.dueDate : null,
    variable_amount: values.variable_amount,
    ...(values.isDonation !== undefined && { isDonation: values.isDonation }),
    ...(isEdit ? {} : { amount: values.amount }),
  };
}

/**
 * The request body of checked values: texts trimmed, no due date for an arrear, and on create the
 * amount as rupees (`"1,500.5"` -> `1500.5`).
 */
export function headBody(values: HeadFormValues, isEdit: boolean): HeadBody {
  const body: HeadBody = {
    name: values.name.trim(),
    description: values.description.trim(),
    type: values.type,
    year: values.year,
    dueDate: hasDueDate(values.type) ? values.dueDate : null,
    variable_amount: values.variable_amount,
    ...(values.isDonation !== undefined && { isDonation: values.isDonation }),
  };
  if (!isEdit) body.amount = paiseToRupees(parseRupeesToPaise(values.amount) ?? ZERO_PAISE);
  return body;
}

/** The alert title (`paymentHeads.form.*` key) of a form message: Invalid Amount or Validation Error. */
export function headErrorTitleKey(message: string): 'validationTitle' | 'invalidAmountTitle' {
  return message === MSG.invalidAmount ? 'invalidAmountTitle' : 'validationTitle';
}
