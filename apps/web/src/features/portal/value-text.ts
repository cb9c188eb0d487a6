import type { TFunction } from 'i18next';

/**
 * A recorded value (a payment method such as `cash`, a collection mode such as `manual`) in the
 * member's language (`portal.values`, `docs/domain.md`, "Member languages"): English shows it as
 * stored; a value without a translation shows as stored; nothing for null.
 */
export function valueText(t: TFunction, group: 'methods' | 'modes', value: string | null | undefined): string {
  if (!value) return '';
  return t(`portal.values.${group}.${value}`, { defaultValue: value });
}
