import { rupees, settingsContracts, wardContracts, type Ward } from '@parish/shared';
import { screen, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { sessionUser } from '../../test/fixtures.ts';
import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { NORTH, TWO_WARDS, wardSettings } from '../../test/wards.ts';
import WardLeaderReportPage from './ward-leader-report-page.tsx';

/*
 * The ward leader's report (issue 28 item 7, decision 0136): their ward's row of the ward-wise
 * report under a heading naming the ward, and the member-due list of their ward.
 */

describe('the ward leader’s report', () => {
  it('shows their ward’s row in ₹ under a heading naming the ward, then who owes how much', async () => {
    const leader = sessionUser({
      id: 'u-leader',
      role: 'ward_leader',
      name: 'Leader',
      username: 'leader',
      wardId: NORTH,
    });
    server.use(
      on(settingsContracts.get).reply(() => wardSettings()),
      on(wardContracts.list).reply(() => [TWO_WARDS[0] as Ward]),
      on(wardContracts.report).reply(() => ({
        items: [
          {
            wardId: NORTH,
            name: 'North',
            members: 2,
            raised: rupees(350000),
            collected: rupees(150000),
            pending: rupees(200000),
            collectionRate: 42.9,
          },
        ],
      })),
    );
    server.use(
      on(wardContracts.dues).reply(() => ({
        items: [
          {
            memberId: 'm1',
            name: 'Asha North',
            parishNumber: 'N2',
            mobile: '919847012346',
            arrears: rupees(0),
            current: rupees(150000),
            misc: rupees(0),
            totalPending: rupees(150000),
            pendingCount: 1,
          },
        ],
      })),
    );
    renderScreen(<WardLeaderReportPage />, { at: '/ward/report', signedIn: leader });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: t('wards.leader.reportTitle', { ward: 'Ward', name: 'North' }),
      }),
    ).toBeInTheDocument();
    const report = await screen.findByRole('region', { name: t('wards.report.title', { ward: 'Ward' }) });
    expect(await within(report).findAllByText('₹3,50,000.00')).not.toHaveLength(0);
    expect(within(report).getAllByText('42.9%').length).toBeGreaterThan(0);
    expect(within(report).queryByText('South')).not.toBeInTheDocument();
    const dues = await screen.findByRole('region', { name: t('wards.leader.duesTitle') });
    const member = await within(dues).findByRole('listitem');
    expect(member).toHaveTextContent('Asha North');
    expect(member).toHaveTextContent(`${t('wards.dashboard.pending')}: ₹1,50,000.00`);
  });
});
