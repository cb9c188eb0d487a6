/**
 * Escapes `\`, `%` and `_` so that a search text matches literally inside a LIKE pattern
 * (PostgreSQL's default escape character is `\`): `50%_off` -> `50\%\_off`.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
