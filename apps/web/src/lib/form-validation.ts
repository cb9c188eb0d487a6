import { productIssueMessage, type RawIssue } from '@parish/shared';

/**
 * The forms' validation by the shared rules: a small adapter from a zod schema of packages/shared
 * (anything with `safeParse`) to @mantine/form's `validate` and `transformValues`. The forms show one
 * message at a time, in an alert above the fields (docs/domain.md, "§5 Validation"), so the adapter
 * reports only the first problem, under {@link FORM_ERROR}: a key no input is bound to, so no field
 * turns red. A failed save puts the server's text under the same key. This module imports no zod.
 */

/** `form.errors` as @mantine/form keeps them: a message (or nothing) per key. */
export type FormErrorMap = Record<string, unknown>;

/** The key of a form's one message in `form.errors` (the form's alert shows it). */
export const FORM_ERROR = 'form';

/** The key of that message's alert title, when it has its own (a catalogue key or a text). */
export const FORM_ERROR_TITLE = 'formTitle';

/** What the adapter needs of a schema: zod's `safeParse` (with a per-parse error map), with the issues' messages. */
export interface SafeParser<Output> {
  safeParse(
    value: unknown,
    params?: { error?: (issue: RawIssue) => string },
  ): { success: true; data: Output } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** Every parse words rules without a message of their own as the product does (`productIssueMessage`). */
const PRODUCT_WORDS = { error: productIssueMessage };

/**
 * A `validate` for useForm from a schema: no errors when `input(values)` parses, else the first
 * problem's message, passed through `message` when given, under {@link FORM_ERROR}.
 * @param options.input what to check (default the values themselves).
 * @param options.message the text shown for the first problem (e.g. one fixed text for any problem).
 */
export function schemaValidator<Values>(
  schema: SafeParser<unknown>,
  options: { input?: (values: Values) => unknown; message?: (first: string | undefined) => string } = {},
): (values: Values) => Record<string, string> {
  return (values) => {
    const errors: Record<string, string> = {};
    const parsed = schema.safeParse(options.input ? options.input(values) : values, PRODUCT_WORDS);
    if (parsed.success) return errors;
    const first = parsed.error.issues[0]?.message;
    const message = options.message ? options.message(first) : first;
    if (message) errors[FORM_ERROR] = message;
    return errors;
  };
}

/**
 * The schema's output for values that passed {@link schemaValidator} (trimmed, normalised), for
 * useForm's `transformValues`.
 * @throws Error when they do not parse (useForm transforms only validated values).
 */
export function parseValues<Output>(schema: SafeParser<Output>, values: unknown): Output {
  const parsed = schema.safeParse(values, PRODUCT_WORDS);
  if (!parsed.success) throw new Error('Form values were transformed before they validated');
  return parsed.data;
}

/** The errors of a message (a failed save, say), with its alert title when it has one. */
export function formErrors(message: string, title?: string): Record<string, string> {
  return title === undefined ? { [FORM_ERROR]: message } : { [FORM_ERROR]: message, [FORM_ERROR_TITLE]: title };
}

/** The form's message and its title, or null when there is none. */
export function formErrorOf(errors: FormErrorMap): { message: string; title: string | undefined } | null {
  const message = errors[FORM_ERROR];
  if (typeof message !== 'string' || message === '') return null;
  const title = errors[FORM_ERROR_TITLE];
  return { message, title: typeof title === 'string' ? title : undefined };
}
