import { officeContracts, paymentContracts, rupees, type ContractBody, type InactiveMemberDues } from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { InactiveDuesNotice } from './inactive-dues-notice.tsx';

/**
 * "Pending dues of inactive members" (`docs/domain.md`, "Reversal with a reason"; decision 0101;
 * issue 27 item 9): the dues a reversal reopened for a member hidden from the lists are listed on
 * the Members page with Remove, which revokes that head from that member; nothing shows without any.
 */

const dues: InactiveMemberDues = {
  items: [
    {
      paymentId: 'p1',
      memberId: 'm9',
      memberName: 'Soumya Cherian',
      parishNumber: 'SM201',
      paymentHeadId: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000a1',
      headName: 'Building Fund',
      headYear: 2026,
      amount: rupees(2500),
    },
  ],
  total: rupees(2500),
};

describe('pending dues of inactive members', () => {
  it('lists them with the total and removes one through revoke', async () => {
    const revoked: ContractBody<typeof paymentContracts.revoke>[] = [];
    server.use(
      on(officeContracts.inactiveMemberDues).reply(() => dues),
      on(paymentContracts.revoke).reply(({ body }) => {
        revoked.push(body);
        return { success: true, revoked: 1 };
      }),
    );
    const { user } = renderScreen(<InactiveDuesNotice />);
    const table = await screen.findByRole('table', { name: t('members.inactiveDues.title') });
    expect(table).toHaveTextContent('Soumya Cherian (SM201)');
    expect(table).toHaveTextContent('Building Fund 2026');
    expect(screen.getByText(t('members.inactiveDues.text', { count: 1, total: '₹2,500.00' }))).toBeInTheDocument();
    await user.click(
      within(table).getByRole('button', {
        name: t('members.inactiveDues.removeFor', { head: 'Building Fund 2026', name: 'Soumya Cherian' }),
      }),
    );
    await waitFor(() =>
      expect(revoked).toEqual([{ paymentHeadId: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000a1', memberIds: ['m9'] }]),
    );
  });

  it('shows nothing while there are none', async () => {
    let asked = false;
    server.use(
      on(officeContracts.inactiveMemberDues).reply(() => {
        asked = true;
        return { items: [], total: rupees(0) };
      }),
    );
    renderScreen(<InactiveDuesNotice />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('table')).toBeNull();
  });
});
