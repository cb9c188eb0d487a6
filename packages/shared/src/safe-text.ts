/**
 * Whether a text can be stored and shown as typed: no NUL character (U+0000, which PostgreSQL
 * refuses in text) and no lone UTF-16 surrogate (which would be stored as U+FFFD without a word).
 * `docs/domain.md`, §5 "Text the database can hold".
 */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string inside a request part (body, query or parameters) that is not storable text,
 * as a dotted field path (`items.0.name`; the part's name when the part itself is a string).
 * Walks objects and arrays up to 20 levels deep; keys are checked as well as values.
 * @returns the field path, or null when every string is storable.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  if (value instanceof Uint8Array) return null;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const field = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return field;
    const found = findUnstorableText(item, field, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
