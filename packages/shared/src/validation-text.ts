/**
 * Validation messages in the product's words for every schema rule that names no message of its
 * own (`docs/domain.md`, §5 "Validation"): the server installs {@link productIssueMessage} as
 * zod's error map at start, and the web's forms pass it to each parse, so neither an error body
 * nor a form ever shows the validator's own text ("Too small: expected string to have >=1
 * characters"). A rule's own message (the `MSG` texts and the schemas' messages) always wins.
 * This module imports no zod, so the member's screens can use it without loading zod.
 */

/** Field names as the product words them, by schema key. A key not listed reads as its words ("dueDate" → "Due date"). */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  mobile: 'Mobile number',
  parishNumber: 'Parish number',
  identifier: 'Mobile number or parish number',
  email: 'Email',
  address: 'Address',
  contact: 'Contact',
  logoUrl: 'Logo',
  amount: 'Amount',
  collectionAmount: 'Amount',
  year: 'Year',
  type: 'Type',
  dueDate: 'Due date',
  description: 'Description',
  username: 'Username',
  password: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  role: 'Role',
  notes: 'Notes',
  paymentMethod: 'Payment method',
  pgTransactionId: 'Transaction ID',
  transactionId: 'Transaction ID',
  memberIds: 'Members',
  paymentIds: 'Payments',
  from: 'From date',
  to: 'To date',
  search: 'Search',
  page: 'Page',
  limit: 'Rows per page',
  timezone: 'Time zone',
};

/** The sentences, `{{field}}` the field's label (lower-cased where it sits inside a sentence). */
export const VALIDATION_TEXT = {
  required: '{{field}} is required',
  tooShort: '{{field}} must be at least {{min}} characters',
  tooLong: '{{field}} must be at most {{max}} characters',
  tooSmall: '{{field}} must be at least {{min}}',
  tooBig: '{{field}} must be at most {{max}}',
  tooFew: 'Please select at least {{min}} for {{fieldLower}}',
  tooMany: 'Please select at most {{max}} for {{fieldLower}}',
  wholeNumber: '{{field}} must be a whole number',
  number: '{{field}} must be a number',
  invalid: 'Please enter a valid {{fieldLower}}',
  choice: 'Please choose a valid {{fieldLower}}',
  unknownField: 'This request has a field the product does not know: {{keys}}',
  field: 'This field',
} as const;

/** The label of the field at `path` (its last named key), in the product's words. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === 'string');
  if (!key) return VALIDATION_TEXT.field;
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** What the error map reads of an issue (zod's raw issue, loosely typed). */
export interface RawIssue {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  keys?: string[];
  format?: string;
}

/**
 * The product's message for one validation issue that has none of its own: a missing value is
 * "required", lengths and ranges name their limit, a wrong kind of value or format asks for a
 * valid one, a choice outside a list asks to choose a valid one.
 */
export function productIssueMessage(issue: RawIssue): string {
  const field = fieldLabel(issue.path);
  const vars = { field, fieldLower: field.toLowerCase(), min: String(issue.minimum), max: String(issue.maximum) };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '')
        return fill(VALIDATION_TEXT.required, vars);
      if (issue.expected === 'int') return fill(VALIDATION_TEXT.wholeNumber, vars);
      return fill(issue.expected === 'number' ? VALIDATION_TEXT.number : VALIDATION_TEXT.invalid, vars);
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? fill(VALIDATION_TEXT.required, vars) : fill(VALIDATION_TEXT.tooShort, vars);
      }
      if (issue.origin === 'array' || issue.origin === 'set') return fill(VALIDATION_TEXT.tooFew, vars);
      return fill(VALIDATION_TEXT.tooSmall, vars);
    case 'too_big':
      if (issue.origin === 'string') return fill(VALIDATION_TEXT.tooLong, vars);
      if (issue.origin === 'array' || issue.origin === 'set') return fill(VALIDATION_TEXT.tooMany, vars);
      return fill(VALIDATION_TEXT.tooBig, vars);
    case 'not_multiple_of':
      return fill(VALIDATION_TEXT.wholeNumber, vars);
    case 'invalid_value':
    case 'invalid_union':
      return fill(VALIDATION_TEXT.choice, vars);
    case 'unrecognized_keys':
      return fill(VALIDATION_TEXT.unknownField, { keys: (issue.keys ?? []).join(', ') });
    default:
      return fill(VALIDATION_TEXT.invalid, vars);
  }
}
