import { ModalsProvider } from '@mantine/modals';
import { memberContracts, reminderContracts, settingsContracts, wardContracts } from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { usePagedSearch } from '../../lib/use-paged-search.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { SOUTH, TWO_WARDS, wardSettings } from '../../test/wards.ts';
import { ReminderMembersPanel } from './reminder-members-panel.tsx';
import { ReminderMessageDialog } from './reminder-message-dialog.tsx';
import { useReminderSending } from './use-reminder-sending.ts';

/*
 * Send to All by ward (issue 28 item 7, decision 0136): the members panel's Send to All follows
 * its ward filter, naming the ward on the button and in the confirmation.
 */

const admin = sessionUser({ id: 'u-admin', role: 'admin', name: 'Admin', username: 'admin' });

/** The members panel with its sending, as the Send Reminders page puts them together. */
function MembersPanel() {
  const paged = usePagedSearch();
  const sending = useReminderSending();
  return (
    <>
      <ReminderMembersPanel paged={paged} sending={sending} configured />
      <ReminderMessageDialog dialog={sending.dialog} onClose={sending.closeDialog} />
    </>
  );
}

describe('Send to All by ward', () => {
  it('sends to the chosen ward only, naming it on the button and in the confirmation', async () => {
    const sent: string[] = [];
    server.use(
      on(settingsContracts.get).reply(() => wardSettings()),
      on(wardContracts.list).reply(() => TWO_WARDS),
      on(memberContracts.list).reply(() => ({ items: [], total: 0, page: 1, limit: 10, totalIsLowerBound: false })),
      on(reminderContracts.sendAll).reply(({ url }) => {
        sent.push(url.searchParams.get('wardId') ?? '');
        return { jobId: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000c1', total: 2 };
      }),
    );
    const { user } = renderScreen(
      <ModalsProvider>
        <MembersPanel />
      </ModalsProvider>,
      { at: '/admin/reminders', signedIn: admin },
    );
    const select = await screen.findByRole('combobox', { name: t('wards.filter.label', { ward: 'Ward' }) });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'South' })).toBeInTheDocument());
    await user.selectOptions(select, SOUTH);
    const button = screen.getByRole('button', { name: t('reminders.members.sendAllWard', { name: 'South' }) });
    await user.click(button);
    expect(await screen.findByText(t('reminders.sendAllConfirm.wardText', { name: 'South' }))).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    await user.click(
      within(dialog).getByRole('button', { name: t('reminders.members.sendAllWard', { name: 'South' }) }),
    );
    await waitFor(() => expect(sent).toEqual([SOUTH]));
    expect(await screen.findByText(t('reminders.dialogs.startedText', { count: 2 }))).toBeInTheDocument();
  });
});
