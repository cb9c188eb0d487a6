import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useWards, useWardWords } from '../../lib/wards.ts';
import { WardReport } from './ward-report.tsx';

/**
 * The ward leader's report (issue 28 item 7, decision 0136): their own ward's row of the ward-wise
 * report (active members, dues raised, collected and pending in ₹, the collection rate) with its
 * CSV and Excel downloads. The server answers a ward leader with their ward's row only, so the
 * shared `WardReport` shows nothing of another ward.
 */
export default function WardLeaderReportPage() {
  const { t } = useTranslation();
  const words = useWardWords();
  const wards = useWards();
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('wards.leader.reportTitle', { ward: words.one, name: wards.data?.[0]?.name ?? '' })}
      </Title>
      <Text size="sm" c="gray.7">
        {t('wards.leader.reportIntro', { ward: words.ward })}
      </Text>
      <WardReport />
    </Stack>
  );
}
