import { MSG } from './messages.ts';

const PARISH_NUMBER = /^[A-Z0-9]+$/;

/**
 * Normalises a parish number (`docs/domain.md`, §5 "Member form"): trimmed and upper-cased; only letters and digits are
 * allowed.
 * @returns `{ ok: true, parishNumber }` or `{ ok: false, error }` with the product's message
 *   (`docs/domain.md`, §5 "Error and outcome messages").
 */
export function normalizeParishNumber(
  input: string,
): { ok: true; parishNumber: string } | { ok: false; error: string } {
  const upper = input.trim().toUpperCase();
  if (!PARISH_NUMBER.test(upper)) return { ok: false, error: MSG.invalidParishNumber };
  return { ok: true, parishNumber: upper };
}
