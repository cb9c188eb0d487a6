import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import { useWards, useWardWords } from '../../lib/wards.ts';
import { useLeaderWardDues } from './api.ts';
import { WardReport } from './ward-report.tsx';

/**
 * The ward leader's report (issue 28 item 7, decision 0136): their own ward's row of the ward-wise
 * report (active members, dues raised, collected and pending in ₹, the collection rate) with its
 * CSV and Excel downloads, then the member-due list of their ward (who owes how much, largest
 * first). The server answers a ward leader with their own ward's only, so nothing of another ward
 * shows. One card per member, so it reads at 375 px.
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
      <WardDuesList />
    </Stack>
  );
}

/** The members of the leader's ward who owe: name, parish number, pending in total and by due group. */
function WardDuesList() {
  const { t } = useTranslation();
  const words = useWardWords();
  const dues = useLeaderWardDues();
  const rows = dues.data?.items ?? [];
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="ward-dues-heading">
      <Stack gap="sm">
        <Title order={2} fz={20} id="ward-dues-heading">
          {t('wards.leader.duesTitle')}
        </Title>
        {dues.isPending ? <Loader size="sm" aria-label={t('wards.leader.duesTitle')} /> : null}
        {dues.isError ? (
          <Alert color="red" role="alert">
            {t('wards.loadError', { wards: words.wards, reason: errorText(dues.error) })}
          </Alert>
        ) : null}
        {dues.data && rows.length === 0 ? <Text c="gray.7">{t('wards.leader.duesEmpty')}</Text> : null}
        {rows.length > 0 ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => (
              <Paper key={row.memberId} component="li" withBorder p="sm">
                <Text fw={700}>{row.name}</Text>
                <Text size="sm">
                  {row.parishNumber} · {t('wards.dashboard.pending')}: {formatRupees(row.totalPending)}
                </Text>
                <Text size="sm" c="gray.7">
                  {t('wards.leader.duesGroups', {
                    arrears: formatRupees(row.arrears),
                    current: formatRupees(row.current),
                    misc: formatRupees(row.misc),
                  })}
                </Text>
              </Paper>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
