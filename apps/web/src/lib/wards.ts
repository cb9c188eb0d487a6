import { wardContracts, type WardLabel } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { apiRequest } from './api-request.ts';
import { useParishSettings } from './settings.ts';

/*
 * The wards every back-office feature names (issue 28 item 7; decisions 0126 and 0129): the list,
 * the names by id and the parish's word for a ward. Here rather than in features/wards because the
 * members screens use them too, and a feature imports no other feature.
 */

/** The root of every ward query key; invalidated after each ward write. */
export const WARDS_KEY = ['wards'] as const;

/** `GET /api/wards`: the parish's wards by name (a ward leader's own only, decision 0129). */
export function useWards() {
  return useQuery({
    queryKey: [...WARDS_KEY, 'list'],
    queryFn: ({ signal }) => apiRequest(wardContracts.list, {}, { signal }),
  });
}

/** `GET /api/reports/wards`: the ward-wise report (admin, cashier): the ward screen and the dashboard. */
export function useWardReport() {
  return useQuery({
    queryKey: [...WARDS_KEY, 'report'],
    queryFn: ({ signal }) => apiRequest(wardContracts.report, {}, { signal }),
  });
}

/** The ward names by id, for a Ward column (empty until the wards arrive). */
export function useWardNames(): ReadonlyMap<string, string> {
  const wards = useWards();
  return new Map((wards.data ?? []).map((ward) => [ward.id, ward.name]));
}

/** The words of the parish's label for its wards: "Ward"/"Wards" or "Family unit"/"Family units". */
export interface WardWords {
  label: WardLabel;
  /** Capitalised singular: "Ward". */
  one: string;
  /** Capitalised plural: "Wards". */
  other: string;
  /** Lower-case singular, inside a sentence: "ward". */
  ward: string;
  /** Lower-case plural: "wards". */
  wards: string;
}

/**
 * The parish's words for a ward (`parish_settings.ward_label`, decision 0126), "Ward" until the
 * settings arrive. Texts take the lower-case words as `{{ward}}` / `{{wards}}`; a text that starts
 * with one is given `one` / `other` instead.
 */
export function useWardWords(): WardWords {
  const { t } = useTranslation();
  const label: WardLabel = useParishSettings().data?.wardLabel ?? 'ward';
  return {
    label,
    one: t(`wards.words.${label}.one`),
    other: t(`wards.words.${label}.other`),
    ward: t(`wards.words.${label}.lowerOne`),
    wards: t(`wards.words.${label}.lowerOther`),
  };
}
