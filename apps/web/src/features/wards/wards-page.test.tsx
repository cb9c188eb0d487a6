import { ModalsProvider } from '@mantine/modals';
import {
  ErrorCode,
  WARD_MSG,
  memberContracts,
  rupees,
  settingsContracts,
  wardContracts,
  type ParishSettings,
  type Ward,
} from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { sessionUser } from '../../test/fixtures.ts';
import { on, refuse, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import WardLeaderPage from './ward-leader-page.tsx';
import WardsPage from './wards-page.tsx';

/*
 * The ward screens (issue 28 item 7; decisions 0126 and 0129): the admin's add / rename / delete
 * with the parish's word for a ward ("Family unit" here), the ward-wise report with ₹ in Indian
 * grouping, and the ward leader's list of their ward's members with the reminder action.
 */

function settings(wardLabel: ParishSettings['wardLabel']): ParishSettings {
  return { name: 'St. Mary’s Church', address: '', contact: '', logoUrl: '', currency: 'INR', wardLabel };
}

const admin = sessionUser({ id: 'u-admin', role: 'admin', name: 'Admin', username: 'admin' });

describe('the wards screen (admin)', () => {
  it('speaks of family units, adds one, refuses deleting one with members with the server’s text, and reports in ₹', async () => {
    let wards: Ward[] = [{ id: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000a1', name: 'St Joseph', memberCount: 2 }];
    const added: string[] = [];
    server.use(
      on(settingsContracts.get).reply(() => settings('family_unit')),
      on(wardContracts.list).reply(() => wards),
      on(wardContracts.create).reply(({ body }) => {
        added.push(body.name);
        const ward = { id: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000a2', name: body.name, memberCount: 0 };
        wards = [...wards, ward];
        return ward;
      }),
      on(wardContracts.remove).reply(() => refuse(ErrorCode.WARD_HAS_MEMBERS, WARD_MSG.hasMembers(2))),
      on(wardContracts.report).reply(() => ({
        items: [
          {
            wardId: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000a1',
            name: 'St Joseph',
            members: 2,
            raised: rupees(150000),
            collected: rupees(100000),
            pending: rupees(50000),
            collectionRate: 66.7,
          },
          {
            wardId: null,
            name: null,
            members: 1,
            raised: rupees(0),
            collected: rupees(0),
            pending: rupees(0),
            collectionRate: 0,
          },
        ],
      })),
    );
    const { user } = renderScreen(
      <ModalsProvider>
        <WardsPage />
      </ModalsProvider>,
      { at: '/admin/wards', signedIn: admin },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Family units' })).toBeInTheDocument();
    const report = await screen.findByRole('region', { name: t('wards.report.title', { ward: 'Family unit' }) });
    expect(await within(report).findAllByText('₹1,50,000.00')).not.toHaveLength(0);
    expect(within(report).getAllByText(t('wards.report.noWard', { ward: 'family unit' })).length).toBeGreaterThan(0);
    expect(
      within(report).getByRole('button', { name: t('wards.report.exportLabel', { ward: 'Family unit' }) }),
    ).toBeEnabled();

    await user.type(screen.getByRole('textbox', { name: t('wards.addName', { ward: 'family unit' }) }), 'St Mary');
    await user.click(screen.getByRole('button', { name: t('wards.add', { ward: 'family unit' }) }));
    await waitFor(() => expect(added).toEqual(['St Mary']));
    expect(await screen.findAllByRole('cell', { name: 'St Mary' })).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: t('wards.remove', { name: 'St Joseph' }) }));
    await user.click(await screen.findByRole('button', { name: t('wards.removeConfirm') }));
    expect(await screen.findByText(t('wards.actionError', { reason: WARD_MSG.hasMembers(2) }))).toBeInTheDocument();
    const manage = screen.getByRole('region', { name: t('wards.manageTitle', { wards: 'Family units' }) });
    expect(within(manage).getByRole('cell', { name: 'St Joseph' })).toBeInTheDocument();
  });
});

describe('the ward leader’s screen', () => {
  it('lists their ward’s members with a WhatsApp reminder each', async () => {
    const leader = sessionUser({
      id: 'u-leader',
      role: 'ward_leader',
      name: 'Leader',
      username: 'leader',
      wardId: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000a1',
    });
    server.use(
      on(settingsContracts.get).reply(() => settings('ward')),
      on(wardContracts.list).reply(() => [
        { id: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000a1', name: 'St Joseph', memberCount: 1 },
      ]),
      on(memberContracts.list).reply(() => ({
        items: [
          {
            _id: 'm1',
            name: 'Anna Joseph',
            mobile: '919847012345',
            parishNumber: 'SJ1',
            isActive: true,
            createdAt: '2026-11-01T00:00:00.000Z',
            selectedParticulars: [],
            wardId: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000a1',
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
        totalIsLowerBound: false,
      })),
    );
    renderScreen(<WardLeaderPage />, { at: '/ward/members', signedIn: leader });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: t('wards.leader.title', { ward: 'ward', name: 'St Joseph' }),
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Anna Joseph')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('whatsapp.sendTo', { name: 'Anna Joseph' }) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('wards.leader.dues', { name: 'Anna Joseph' }) })).toBeInTheDocument();
  });
});
