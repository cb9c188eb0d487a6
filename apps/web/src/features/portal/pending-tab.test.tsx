import {
  formatINR,
  paise,
  portalContracts,
  rupees,
  settingsContracts,
  type PaymentRecord,
} from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { parishSettings, payment, pendingAnswer, sessionUser } from '../../test/fixtures.ts';
import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { CustomerPortal } from './customer-portal.tsx';

/**
 * The member's Pending tab (`docs/domain.md`, §2 "Pending tab", §4 "Arrears first", §5
 * "Variable-amount payment"), on the member's dashboard as the member sees it: current dues
 * cannot be chosen while arrears are unpaid, and a variable-amount due takes the member's amount
 * (digits only, never below its due) into the confirm dialog.
 */

const member = sessionUser();

const arrear = payment({
  id: 'p-arrear',
  type: 'arrear',
  headName: 'Annual Dues 2025',
  amount: rupees(1200),
  year: 2025,
});
const current = payment({ id: 'p-current', headName: 'Annual Dues 2026', amount: rupees(1500) });
const fund = payment({
  id: 'p-fund',
  type: 'miscellaneous',
  headName: 'Church Renovation Fund',
  amount: rupees(500),
  variable: true,
});

/** Opens the member's dashboard on the Pending tab with `items` pending. */
function openPortal(items: PaymentRecord[]) {
  server.use(
    on(portalContracts.payments).reply(({ url }) => {
      expect(url.searchParams.get('status')).toBe('pending');
      return pendingAnswer(items);
    }),
    on(portalContracts.transactions).reply(() => ({ items: [], total: 0 })),
    on(portalContracts.worldlineConfig).reply(() => ({
      available: false,
      mode: 'off',
      merchantId: '',
      checkoutScriptUrl: '',
      scriptUrls: [],
      currency: 'INR',
    })),
    on(settingsContracts.get).reply(parishSettings),
  );
  return renderScreen(<CustomerPortal />, { at: '/customer/dashboard', signedIn: member });
}

const selectBox = (name: string) => screen.getByRole('checkbox', { name: t('portal.pending.select', { name }) });
/** The amount the open confirm dialog is about to pay. */
const confirmAmount = async () => within(await screen.findByRole('dialog')).getByTestId('confirm-amount');

describe("the member's Pending tab", () => {
  it('the header shows the mobile as +91 98470 12345, not as stored', async () => {
    openPortal([current]);
    expect(
      await screen.findByText(t('portal.header.identity', { mobile: '+91 98470 12345', parishNumber: 'SM101' })),
    ).toBeInTheDocument();
    expect(screen.queryByText(/919847012345/)).toBeNull();
  });

  it('blocks current dues while arrears are unpaid: no tick, no Pay Now, Select All Available leaves them out', async () => {
    const { user } = openPortal([arrear, current, fund]);

    expect(await screen.findByRole('region', { name: t('portal.pending.bannerTitle') })).toHaveTextContent(
      t('portal.pending.clearAllArrears', { amount: formatINR(paise(120000)) }),
    );
    const currentSection = screen.getByRole('region', { name: t('portal.pending.currentBlockedSection') });
    expect(within(currentSection).getByText(t('portal.pending.blocked'))).toBeInTheDocument();
    expect(selectBox('Annual Dues 2026')).toBeDisabled();
    expect(
      screen.queryByRole('button', { name: t('portal.pending.payNowFor', { name: 'Annual Dues 2026' }) }),
    ).toBeNull();
    expect(selectBox('Annual Dues 2025')).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: t('portal.pending.selectAllAvailable') }));
    expect(selectBox('Annual Dues 2025')).toBeChecked();
    expect(selectBox('Church Renovation Fund')).toBeChecked();
    expect(selectBox('Annual Dues 2026')).not.toBeChecked();
    expect(
      screen.getByRole('button', { name: t('portal.pending.paySelected', { amount: formatINR(paise(170000)) }) }),
    ).toBeEnabled();

    await user.click(within(currentSection).getByRole('button', { name: t('portal.pending.clearArrearsFirst') }));
    const dialog = await screen.findByRole('dialog', { name: t('portal.confirm.arrears') });
    expect(dialog).toHaveTextContent(t('portal.confirm.allArrears'));
    expect(await confirmAmount()).toHaveTextContent(formatINR(paise(120000)));
  });

  it('lets the member choose current dues once no arrears are pending', async () => {
    const { user } = openPortal([current, fund]);

    const currentSection = await screen.findByRole('region', {
      name: t('portal.pending.currentSection', { count: 1 }),
    });
    expect(screen.queryByRole('region', { name: t('portal.pending.bannerTitle') })).toBeNull();
    expect(within(currentSection).queryByText(t('portal.pending.blocked'))).toBeNull();

    await user.click(selectBox('Annual Dues 2026'));
    expect(selectBox('Annual Dues 2026')).toBeChecked();
    expect(
      screen.getByRole('button', { name: t('portal.pending.paySelected', { amount: formatINR(paise(150000)) }) }),
    ).toBeEnabled();
  });

  it('takes a variable amount as typed (digits only, the due as its minimum) into the total and the confirm dialog', async () => {
    const { user } = openPortal([arrear, fund]);

    const amount = await screen.findByRole('textbox', {
      name: t('portal.pending.amountLabelFor', { name: 'Church Renovation Fund' }),
    });
    expect(screen.getByText(t('portal.pending.min', { amount: formatINR(paise(50000)) }))).toBeInTheDocument();

    await user.type(amount, '7a5-0.5x');
    expect(amount).toHaveValue('750.5');

    await user.click(selectBox('Church Renovation Fund'));
    expect(
      screen.getByRole('button', { name: t('portal.pending.paySelected', { amount: formatINR(paise(75050)) }) }),
    ).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: t('portal.pending.payNowFor', { name: 'Church Renovation Fund' }) }),
    );
    expect(await screen.findByRole('dialog', { name: t('portal.confirm.single') })).toHaveTextContent(
      t('portal.confirm.paymentFor', { name: 'Church Renovation Fund' }),
    );
    expect(await confirmAmount()).toHaveTextContent(formatINR(paise(75050)));
    await user.click(screen.getByRole('button', { name: t('common.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(
      screen.getByRole('button', { name: t('portal.pending.payNowFor', { name: 'Church Renovation Fund' }) }),
    );
    expect(await confirmAmount()).toHaveTextContent(formatINR(paise(50000)));
  });
});
