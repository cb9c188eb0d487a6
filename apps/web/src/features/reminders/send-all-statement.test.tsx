import { ModalsProvider } from '@mantine/modals';
import {
  financialYearLabel,
  financialYearOf,
  memberContracts,
  reminderContracts,
  settingsContracts,
  wardContracts,
} from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { usePagedSearch } from '../../lib/use-paged-search.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { wardSettings } from '../../test/wards.ts';
import { ReminderMembersPanel, statementYearOptions } from './reminder-members-panel.tsx';
import { ReminderMessageDialog } from './reminder-message-dialog.tsx';
import { useReminderSending } from './use-reminder-sending.ts';

/*
 * "Attach the yearly statement" on Send to All (issue 29 item 8, decision 0143): a labelled
 * checkbox, then the financial year (default the current one, which the server reads in parish
 * time); the confirmation says so and the request carries statementFy.
 */

const admin = sessionUser({ id: 'u-admin', role: 'admin', name: 'Admin', username: 'admin' });

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

/** Renders the panel with a Send to All stand-in that records each request's statementFy. */
function renderPanel(sent: (string | null)[]) {
  server.use(
    on(settingsContracts.get).reply(() => wardSettings()),
    on(wardContracts.list).reply(() => []),
    on(memberContracts.list).reply(() => ({ items: [], total: 0, page: 1, limit: 10, totalIsLowerBound: false })),
    on(reminderContracts.sendAll).reply(({ url }) => {
      const statementFy = url.searchParams.get('statementFy');
      sent.push(statementFy);
      return {
        jobId: '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000c2',
        total: 2,
        ...(statementFy && { statementFy: statementFy === 'current' ? '2026-27' : statementFy, statements: 2 }),
      };
    }),
  );
  return renderScreen(
    <ModalsProvider>
      <MembersPanel />
    </ModalsProvider>,
    { at: '/admin/reminders', signedIn: admin },
  );
}

describe('Send to All with the yearly statement', () => {
  it('offers the current financial year and the two before', () => {
    expect(statementYearOptions(new Date(2027, 1, 10))).toEqual(['2025-26', '2024-25']);
    expect(statementYearOptions(new Date(2026, 3, 1))).toEqual(['2025-26', '2024-25']);
    const iso = new Date().toISOString().slice(0, 10);
    expect(statementYearOptions(new Date())[0]).toBe(financialYearLabel(financialYearOf(iso) - 1));
  });

  it('attaches the current year by default, says so, and counts the statements', async () => {
    const sent: (string | null)[] = [];
    const { user } = renderPanel(sent);
    const option = await screen.findByRole('checkbox', { name: t('reminders.members.statement') });
    expect(screen.queryByRole('combobox', { name: t('reminders.members.statementYear') })).toBeNull();
    await user.click(option);
    const year = screen.getByRole('combobox', { name: t('reminders.members.statementYear') });
    expect(year).toHaveValue('current');
    await user.click(screen.getByRole('button', { name: t('reminders.members.sendAll') }));
    expect(await screen.findByText(t('reminders.sendAllConfirm.statementCurrent'))).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: t('reminders.members.sendAll') }));
    await waitFor(() => expect(sent).toEqual(['current']));
    const started = `${t('reminders.dialogs.startedText', { count: 2 })} ${t('reminders.dialogs.startedStatements', { count: 2, fy: '2026-27' })}`;
    expect(await screen.findByText(started)).toBeInTheDocument();
  });

  it('sends a chosen earlier year; unticked, no statement', async () => {
    const sent: (string | null)[] = [];
    const { user } = renderPanel(sent);
    const option = await screen.findByRole('checkbox', { name: t('reminders.members.statement') });
    await user.click(option);
    const earlier = statementYearOptions(new Date())[0] ?? '';
    await user.selectOptions(screen.getByRole('combobox', { name: t('reminders.members.statementYear') }), earlier);
    await user.click(screen.getByRole('button', { name: t('reminders.members.sendAll') }));
    expect(await screen.findByText(t('reminders.sendAllConfirm.statementText', { fy: earlier }))).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: t('reminders.members.sendAll') }));
    await waitFor(() => expect(sent).toEqual([earlier]));
    await user.click(await screen.findByRole('button', { name: t('reminders.dialogs.ok') }));
    await user.click(option);
    await user.click(screen.getByRole('button', { name: t('reminders.members.sendAll') }));
    expect(screen.queryByText(t('reminders.sendAllConfirm.statementText', { fy: earlier }))).toBeNull();
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('reminders.members.sendAll') }),
    );
    await waitFor(() => expect(sent).toEqual([earlier, null]));
  });
});
