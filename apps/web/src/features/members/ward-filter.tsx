import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useWards, useWardWords } from '../../lib/wards.ts';

/**
 * The member list's ward filter (issue 28 item 7; decision 0126): every ward, the members
 * without one (`none`), or all (''), in the parish's word for a ward.
 */
export function WardFilter({ value, onChange }: { value: string; onChange: (wardId: string) => void }) {
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
        { value: 'none', label: t('wards.filter.none', { ward: words.ward }) },
        ...(wards.data ?? []).map((ward) => ({ value: ward.id, label: ward.name })),
      ]}
      style={{ flex: '0 1 220px' }}
    />
  );
}
