import { Anchor, Paper, SimpleGrid, Text, type MantineColor } from '@mantine/core';
import { formatDisplayDate, formatINR, type Dashboard, type Rupees } from '@parish/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { amountPaise } from '../../lib/money.ts';

/** A dashboard figure in rupees (from the API) as `₹1,00,000.00`, its sign dropped. */
export const inr = (rupees: Rupees) => formatINR(amountPaise(rupees));

/** One dashboard card: label, value, a hint, and 'View report' to `to` when given. */
function Card({
  label,
  value,
  hint,
  to,
  linkLabel,
  color,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  to?: string;
  linkLabel?: string;
  color?: MantineColor;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={22} fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="gray.7">
          {hint}
        </Text>
      ) : null}
      {to ? (
        <Anchor
          component={Link}
          to={to}
          size="sm"
          aria-label={t('reports.dashboard.viewReportFor', { name: linkLabel ?? label })}
        >
          {t('reports.dashboard.viewReport')}
        </Anchor>
      ) : null}
    </Paper>
  );
}

/**
 * The dashboard's cards (`docs/domain.md`, §2 "Back-office shell"): Total Members and Account Heads
 * (admin only), Collection YTD, Today's Collection (with this week and month; 'own collections
 * only' for a cashier), then Total Arrears, Current Dues and Miscellaneous pending, each linking to
 * its report tab under `reports`.
 * @param reports the role's reports path (`/admin/reports` or `/cashier/reports`)
 */
export function DashboardCards({
  data,
  role,
  reports,
}: {
  data: Dashboard;
  role: 'admin' | 'cashier';
  reports: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: role === 'admin' ? 4 : 2 }} spacing="md">
        {role === 'admin' ? (
          <>
            <Card
              label={t('reports.dashboard.totalMembers')}
              value={String(data.members.total)}
              hint={t('reports.dashboard.activeMembers', { count: data.members.active })}
            />
            <Card
              label={t('reports.dashboard.accountHeads')}
              value={String(data.paymentHeads.total)}
              hint={t('reports.dashboard.activeHeads', { count: data.paymentHeads.active })}
            />
          </>
        ) : null}
        <Card
          label={t('reports.dashboard.collectionYtd')}
          value={inr(data.periods.ytd.amount)}
          color="green.9"
          hint={t('reports.dashboard.sinceYearStart', {
            date: formatDisplayDate(data.calendar.yearStart),
            count: data.periods.ytd.count,
          })}
        />
        <Card
          label={t('reports.dashboard.todaysCollection')}
          value={inr(data.periods.today.amount)}
          color="green.9"
          to={`${reports}?tab=daily`}
          hint={
            <>
              {t('reports.dashboard.todayCount', { count: data.periods.today.count })}
              <br />
              {t('reports.dashboard.thisWeek')}: {inr(data.periods.week.amount)} · {t('reports.dashboard.thisMonth')}:{' '}
              {inr(data.periods.month.amount)}
              {data.scope === 'own' ? (
                <>
                  <br />
                  {t('reports.dashboard.ownOnly')}
                </>
              ) : null}
            </>
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Card
          label={t('reports.dashboard.totalArrears')}
          value={inr(data.byType.arrears.pendingAmount)}
          color="red.9"
          hint={t('reports.dashboard.pendingCount', { count: data.byType.arrears.pendingCount })}
          to={`${reports}?tab=arrears`}
        />
        <Card
          label={t('reports.dashboard.currentDues')}
          value={inr(data.byType.current.pendingAmount)}
          hint={t('reports.dashboard.pendingCount', { count: data.byType.current.pendingCount })}
          to={`${reports}?tab=current`}
        />
        <Card
          label={t('reports.dashboard.miscellaneous')}
          value={inr(data.byType.misc.pendingAmount)}
          hint={t('reports.dashboard.pendingCount', { count: data.byType.misc.pendingCount })}
          to={`${reports}?tab=misc`}
        />
      </SimpleGrid>
    </>
  );
}
