import { NativeSelect } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { useWards, useWardWords } from '../lib/wards.ts';

/**
 * A ward select in the parish's word for a ward (issue 28 item 7; decisions 0126 and 0129): all
 * ('', every ward), optionally the members without a ward (`none`), then each ward of the parish by
 * its id. Used by the member list, the reminders' members panel and the walk-through round.
 * @param withNone offer "No ward" (`none`): lists of members filter by it; a round does not.
 */
export function WardSelect({
  value,
  onChange,
  withNone = true,
  style,
}: {
  value: string;
  onChange: (wardId: string) => void;
  withNone?: boolean;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const words = useWardWords();
  const wards = useWards();
  return (
    <NativeSelect
      label={t('wards.filter.label', { ward: words.one })}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: t('wards.filter.all', { wards: words.wards }) },
        ...(withNone ? [{ value: 'none', label: t('wards.filter.none', { ward: words.ward }) }] : []),
        ...(wards.data ?? []).map((ward) => ({ value: ward.id, label: ward.name })),
      ]}
      {...(style && { style })}
    />
  );
}
