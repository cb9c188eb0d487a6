import { Alert, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { METHOD_BUCKETS, addPaise, formatINR, type Dashboard } from '@parish/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { TestPaymentsLine } from '../../components/test-payments-line.tsx';
import { WardSelect } from '../../components/ward-select.tsx';
import { errorText } from '../../lib/error-text.ts';
import { amountPaise } from '../../lib/money.ts';
import { useWardNames, useWardWords } from '../../lib/wards.ts';
import { DASHBOARD_KEY, useDashboard } from './api.ts';
import { DashboardCards, inr } from './dashboard-cards.tsx';
import { RefundsPending } from './refunds-pending.tsx';

type StaffRole = 'admin' | 'cashier';

const QUICK_ACTIONS: Record<StaffRole, { to: string; key: string }[]> = {
  admin: [
    { to: '/admin/members', key: 'shell.nav.members' },
    { to: '/admin/payments', key: 'shell.nav.payments' },
    { to: '/admin/reports', key: 'shell.nav.reports' },
    { to: '/admin/reminders', key: 'shell.nav.reminders' },
  ],
  cashier: [
    { to: '/cashier/arrears', key: 'shell.nav.arrears' },
    { to: '/cashier/collections', key: 'shell.nav.collections' },
    { to: '/cashier/reports', key: 'shell.nav.reports' },
  ],
};

/** The queries Refresh reloads (`docs/domain.md`, §2 "Back-office shell": dashboard, members, heads and payments). */
const REFRESH_KEYS = [DASHBOARD_KEY, ['members'], ['payment-heads'], ['payments']] as const;

function TypeBreakdown({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const groups = [
    { key: 'arrears', label: t('reports.dashboard.typeArrears'), color: 'red' },
    { key: 'current', label: t('reports.dashboard.typeCurrent'), color: 'blue' },
    { key: 'misc', label: t('reports.dashboard.typeMisc'), color: 'grape' },
  ] as const;
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="sm">
        {t('reports.dashboard.paymentTypeBreakdown')}
      </Title>
      <Stack gap="sm">
        {groups.map((group) => {
          const figures = data.byType[group.key];
          // Summed in paise: rupee floats do not add up exactly.
          const paidPaise = amountPaise(figures.paidAmount);
          const wholePaise = addPaise(paidPaise, amountPaise(figures.pendingAmount));
          const share = wholePaise > 0 ? (paidPaise / wholePaise) * 100 : 0;
          const rate = (Math.round(share * 10) / 10).toFixed(1);
          return (
            <div key={group.key}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {group.label}
                </Text>
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {t('reports.dashboard.paidOfTotal', { paid: inr(figures.paidAmount), total: formatINR(wholePaise) })}
                </Text>
              </Group>
              <Progress
                value={Math.min(100, share)}
                color={group.color}
                size="lg"
                aria-label={`${group.label}: ${t('reports.dashboard.paidShare', { rate })}`}
              />
              <Text size="xs" c="gray.7">
                {t('reports.dashboard.paidShare', { rate })} ·{' '}
                {t('reports.dashboard.pendingCount', { count: figures.pendingCount })}
              </Text>
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}

function MethodsYtd({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const labels = {
    online: t('reports.dashboard.methodOnline'),
    upi: t('reports.dashboard.methodUpi'),
    direct: t('reports.dashboard.methodDirect'),
    card: t('reports.dashboard.methodCard'),
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="sm">
        {t('reports.dashboard.collectionMethods')}
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        {METHOD_BUCKETS.map((bucket) => (
          <div key={bucket}>
            <Text size="sm" c="gray.7">
              {labels[bucket]}
            </Text>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {inr(data.collections.methodsYtd[bucket].amount)}
            </Text>
            <Text size="xs" c="gray.7">
              {t('reports.dashboard.methodCount', { count: data.collections.methodsYtd[bucket].count })}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The back-office dashboard (`docs/domain.md`, §2 "Back-office shell"): Total Members and
 * Account Heads (admin only), Total Arrears, Current Dues, Miscellaneous, Collection YTD,
 * Today's Collection (with this week and month; a cashier's count only their own direct
 * collections), Payment Type Breakdown, Collection Methods (YTD), Quick actions. Cards link to
 * the reports with `tab=arrears|current|misc|daily`. Refresh reloads dashboard, members, heads and
 * payments; the figures also refetch every 30 s and on every live payment event. A ward select
 * (`WardSelect`, issue 28 item 7, decision 0136) turns every figure but the account heads into one
 * ward's (or the members' without a ward); it shows only once the parish has wards.
 */
export function DashboardPage({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [wardId, setWardId] = useState('');
  const wardNames = useWardNames();
  const words = useWardWords();
  const dashboard = useDashboard(wardId);
  const refreshing = useIsFetching({ queryKey: DASHBOARD_KEY }) > 0;
  const data = dashboard.data;
  const reports = `/${role}/reports`;

  function refresh() {
    for (const queryKey of REFRESH_KEYS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  }

  return (
    <Stack>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} fz={24}>
          {t('reports.dashboard.title')}
        </Title>
        <Group gap="sm">
          {data ? (
            <Text size="xs" c="gray.7">
              {t('reports.dashboard.updatedAt', {
                time: new Date(data.generatedAt).toLocaleTimeString('en-IN', {
                  hour: '2-digit',
                  minute: '2-digit',
                  timeZone: data.calendar.timezone,
                }),
              })}
            </Text>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={refresh}
            loading={refreshing && !dashboard.isPending}
          >
            {t('reports.dashboard.refresh')}
          </Button>
        </Group>
      </Group>
      {dashboard.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('reports.dashboard.loading')}</Text>
        </Group>
      ) : null}
      {dashboard.isError ? (
        <Alert color="red" role="alert">
          {t('reports.dashboard.loadError', { reason: errorText(dashboard.error) })}
        </Alert>
      ) : null}
      <RefundsPending role={role} />
      {wardNames.size > 0 ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <WardSelect value={wardId} onChange={setWardId} style={{ minWidth: 200 }} />
          {wardId ? (
            <Text size="sm" c="gray.7" aria-live="polite">
              {t('wards.dashboard.showing', {
                name: wardId === 'none' ? t('wards.filter.none', { ward: words.ward }) : (wardNames.get(wardId) ?? ''),
              })}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {data ? (
        <>
          <TestPaymentsLine value={data.testPayments} />
          <DashboardCards data={data} role={role} reports={reports} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TypeBreakdown data={data} />
            <Stack gap="md">
              <MethodsYtd data={data} />
              <Text size="sm" c="gray.7">
                {t('reports.dashboard.collectionRate', { rate: data.metrics.collectionRate.toFixed(1) })}
              </Text>
            </Stack>
          </SimpleGrid>
        </>
      ) : null}
      <Paper withBorder p="md">
        <Title order={2} fz="lg" mb="sm">
          {t('reports.dashboard.quickActions')}
        </Title>
        <Group>
          {QUICK_ACTIONS[role].map((action) => (
            <Button key={action.to} component={Link} to={action.to} variant="light">
              {t(action.key)}
            </Button>
          ))}
        </Group>
      </Paper>
    </Stack>
  );
}
