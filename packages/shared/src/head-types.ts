/**
 * Payment head types, stored canonically (`docs/domain.md`, §3 "Payment heads"). The older
 * spellings of `docs/domain.md`, §3 "Payment heads" include the legacy values `normal`, `due` and
 * `arrears`; requests accept those and `current`, `misc` too (`docs/domain.md`, §3 "Payment
 * heads"), and store the canonical value.
 */
export const HEAD_TYPES = ['arrear', 'current due', 'miscellaneous'] as const;

/** A canonical payment head type. */
export type HeadType = (typeof HEAD_TYPES)[number];

const LEGACY_HEAD_TYPES: Record<string, HeadType> = {
  arrear: 'arrear',
  arrears: 'arrear',
  'current due': 'current due',
  normal: 'current due',
  due: 'current due',
  current: 'current due',
  miscellaneous: 'miscellaneous',
  misc: 'miscellaneous',
};

/**
 * Maps any accepted type value (canonical or legacy, any case) to the canonical one.
 * @returns the canonical type, or `null` for an unknown value.
 */
export function toCanonicalHeadType(value: string): HeadType | null {
  return LEGACY_HEAD_TYPES[value.trim().toLowerCase()] ?? null;
}

// The zod schema of a head type in a request lives in head-types-schema.ts, so that reading head
// types loads no zod (issue 18).
export { headTypeInputSchema } from './head-types-schema.ts';

/**
 * The display label of a type (`docs/domain.md`, §3 "Payment heads"): anything that is not arrear
 * or miscellaneous displays as 'Current Due'.
 */
export function headTypeLabel(value: string): 'Arrears' | 'Miscellaneous' | 'Current Due' {
  const canonical = toCanonicalHeadType(value);
  if (canonical === 'arrear') return 'Arrears';
  if (canonical === 'miscellaneous') return 'Miscellaneous';
  return 'Current Due';
}
