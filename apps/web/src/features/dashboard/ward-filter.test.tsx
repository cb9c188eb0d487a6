import { ModalsProvider } from '@mantine/modals';
import {
  refundContracts,
  reportContracts,
  rupees,
  settingsContracts,
  wardContracts,
  type Dashboard,
  type Ward,
} from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { sessionUser } from '../../test/fixtures.ts';
import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { NORTH, TWO_WARDS, wardSettings } from '../../test/wards.ts';
import { DashboardPage } from './dashboard-page.tsx';

/*
 * The dashboard's ward filter (issue 28 item 7, decision 0136): the ward select (hidden while the
 * parish has no wards) asks the server for one ward's figures and shows them.
 */

const admin = sessionUser({ id: 'u-admin', role: 'admin', name: 'Admin', username: 'admin' });

const countAmount = (count: number, amount: number) => ({ count, amount: rupees(amount) });
const group = (pending: number, paid: number) => ({
  pendingAmount: rupees(pending),
  pendingCount: pending > 0 ? 1 : 0,
  paidAmount: rupees(paid),
  paidCount: paid > 0 ? 1 : 0,
});

/** A dashboard answer whose figures are `ytd` collected and `arrears` pending (rupees), for `members` members. */
function figures(members: number, ytd: number, arrears: number, wardId?: string): Dashboard {
  return {
    members: { total: members, active: members },
    paymentHeads: { total: 2, active: 2 },
    payments: { total: 2, paid: 1, pending: 1, failed: 0 },
    amounts: {
      totalCollected: rupees(ytd),
      totalPending: rupees(arrears),
      todaysCollection: rupees(0),
    },
    metrics: { collectionRate: 50 },
    collections: {
      byMethod: [],
      methodsYtd: {
        online: countAmount(0, 0),
        upi: countAmount(0, 0),
        direct: countAmount(1, ytd),
        card: countAmount(0, 0),
      },
    },
    byType: { arrears: group(arrears, 0), current: group(0, ytd), misc: group(0, 0) },
    periods: {
      ytd: countAmount(1, ytd),
      today: countAmount(0, 0),
      week: countAmount(0, 0),
      month: countAmount(0, 0),
    },
    scope: 'all',
    ...(wardId && { wardId }),
    calendar: {
      timezone: 'Asia/Kolkata',
      today: '2026-11-28',
      weekStart: '2026-11-22',
      monthStart: '2026-11-01',
      yearStart: '2026-01-01',
    },
    generatedAt: '2026-11-28T10:00:00.000Z',
  };
}

function dashboardApi(wards: Ward[]): string[] {
  const asked: string[] = [];
  server.use(
    on(settingsContracts.get).reply(() => wardSettings()),
    on(wardContracts.list).reply(() => wards),
    on(refundContracts.summary).reply(() => ({ count: 0, amount: rupees(0) })),
    on(reportContracts.dashboard).reply(({ url }) => {
      const ward = url.searchParams.get('wardId') ?? '';
      asked.push(ward);
      return ward === NORTH ? figures(2, 1500, 500, NORTH) : figures(40, 123456, 78900);
    }),
  );
  return asked;
}

describe('the dashboard’s ward filter', () => {
  it('asks for one ward’s figures and shows them in ₹, then the parish’s again', async () => {
    const asked = dashboardApi(TWO_WARDS);
    const { user } = renderScreen(
      <ModalsProvider>
        <DashboardPage role="admin" />
      </ModalsProvider>,
      { at: '/admin/dashboard', signedIn: admin },
    );
    expect(await screen.findAllByText('₹1,23,456.00')).not.toHaveLength(0);
    const select = await screen.findByRole('combobox', { name: t('wards.filter.label', { ward: 'Ward' }) });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'North' })).toBeInTheDocument());
    await user.selectOptions(select, NORTH);
    expect(await screen.findAllByText('₹1,500.00')).not.toHaveLength(0);
    expect(screen.getByText(t('wards.dashboard.showing', { name: 'North' }))).toBeInTheDocument();
    expect(screen.queryAllByText('₹1,23,456.00')).toHaveLength(0);
    expect(asked).toContain(NORTH);
    await user.selectOptions(select, '');
    expect(await screen.findAllByText('₹1,23,456.00')).not.toHaveLength(0);
  });

  it('is hidden while the parish has no wards', async () => {
    dashboardApi([]);
    renderScreen(<DashboardPage role="admin" />, { at: '/admin/dashboard', signedIn: admin });
    expect(await screen.findAllByText('₹1,23,456.00')).not.toHaveLength(0);
    expect(screen.queryByRole('combobox', { name: t('wards.filter.label', { ward: 'Ward' }) })).not.toBeInTheDocument();
  });
});
