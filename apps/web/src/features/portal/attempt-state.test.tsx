import { portalContracts, rupees, type CustomerTransaction, type PaidTwice } from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { sessionUser } from '../../test/fixtures.ts';
import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { useCustomerTransactions } from './api.ts';
import { paidTwiceText } from './attempt-state.tsx';
import { alreadyPaid } from './callback/callback-params.ts';
import { SuccessDialog } from './payment-dialogs.tsx';
import { TransactionsTab } from './transactions-tab.tsx';

/**
 * Honest states in the member portal (issue 29 item 4, decision 0142; `docs/domain.md`, §2
 * "Transactions tab" and "Dialogs"): the Transactions tab names each attempt's state as the server
 * answers it, and a payment that paid a due twice says so, with the amount, the due and the refund.
 */

const member = sessionUser();
const LONG_ID = `TXN${'7'.repeat(60)}`;

/** A transaction of the member as `GET /api/customer/transactions` answers it. */
function attempt(overrides: Partial<CustomerTransaction> & Pick<CustomerTransaction, 'transactionId'>) {
  return {
    _id: `row-${overrides.transactionId}`,
    amount: rupees(175),
    status: 'pending',
    paymentGateway: 'worldline',
    gatewayOrderId: null,
    pgReferenceId: null,
    paymentMethod: null,
    statusCode: null,
    date: '2026-11-20T05:00:00.000Z',
    settledAt: null,
    errorMessage: null,
    memberId: member.id,
    paymentIds: [],
    state: 'pending',
    paidTwice: null,
    ...overrides,
  } satisfies CustomerTransaction;
}

const twice: PaidTwice = {
  amount: rupees(100),
  dues: [{ name: 'Building Fund', amount: rupees(100) }],
  outcome: 'open',
  refundedOn: null,
};

function answering(items: CustomerTransaction[]) {
  server.use(on(portalContracts.transactions).reply(() => ({ items, total: items.length })));
}

function Tab() {
  return <TransactionsTab query={useCustomerTransactions()} />;
}

describe('the words on money paid twice', () => {
  it('says what was paid twice, the amount and that the parish will refund it; then the refund date', () => {
    expect(paidTwiceText(t, twice)).toBe(
      '₹100.00 for Building Fund had already been paid, so it was paid twice. The parish will refund ₹100.00 to you.',
    );
    expect(paidTwiceText(t, { ...twice, outcome: 'refunded', refundedOn: '2026-11-25' })).toBe(
      '₹100.00 for Building Fund was paid twice. Refunded on 25/11/2026.',
    );
    expect(paidTwiceText(t, { ...twice, outcome: 'applied' })).toBe(
      '₹100.00 for Building Fund was paid twice. The parish put it towards another of your dues.',
    );
    const two = {
      ...twice,
      amount: rupees(100000),
      dues: [
        { name: 'Building Fund', amount: rupees(60000) },
        { name: '', amount: rupees(40000) },
      ],
    };
    expect(paidTwiceText(t, two)).toContain('₹1,00,000.00 for Building Fund, Unknown Payment had already been paid');
  });

  it("the callback page's count: the dues already paid before, not a missing update", () => {
    expect(alreadyPaid({ paymentIds: ['a', 'b', 'c'], paymentsUpdated: 2 })).toBe(1);
    expect(alreadyPaid({ paymentIds: ['a', 'b'], paymentsUpdated: 2 })).toBeNull();
    expect(alreadyPaid(null)).toBeNull();
  });
});

describe('the Transactions tab', () => {
  it('shows each state as the server answers it, the replaced note and the paid-twice note', async () => {
    answering([
      attempt({
        transactionId: 'TXN-CANCELLED',
        status: 'failed',
        state: 'cancelled',
        errorMessage: 'Payment was cancelled by user',
      }),
      attempt({ transactionId: 'TXN-REPLACED', state: 'superseded' }),
      attempt({ transactionId: 'TXN-FAILED', status: 'failed', state: 'failed', errorMessage: 'Payment failed' }),
      attempt({ transactionId: 'TXN-EXPIRED', status: 'failed', state: 'expired' }),
      attempt({
        transactionId: LONG_ID,
        status: 'success',
        state: 'paid',
        paidTwice: { ...twice, outcome: 'refunded', refundedOn: '2026-11-25' },
      }),
    ]);
    renderScreen(<Tab />, { signedIn: member });
    const items = await screen.findAllByTestId('transaction-item');
    expect(items).toHaveLength(5);
    const [cancelled, replaced, failed, expired, paid] = items.map((item) => within(item));
    expect(cancelled?.getByText('Cancelled')).toBeInTheDocument();
    expect(cancelled?.queryByText(/Error/)).toBeNull();
    expect(replaced?.getByText('Replaced by a newer attempt')).toBeInTheDocument();
    expect(replaced?.getByText(/still checked with the bank/)).toBeInTheDocument();
    expect(replaced?.queryByText('Pending')).toBeNull();
    expect(failed?.getByText('Failed')).toBeInTheDocument();
    expect(failed?.getByText(/Payment failed/)).toBeInTheDocument();
    expect(expired?.getByText('Expired')).toBeInTheDocument();
    expect(paid?.getByText('Paid')).toBeInTheDocument();
    expect(paid?.getByText('₹100.00 for Building Fund was paid twice. Refunded on 25/11/2026.')).toBeInTheDocument();
    expect(paid?.getByText(LONG_ID)).toHaveStyle({ overflowWrap: 'anywhere' });
  });
});

describe('the success dialog', () => {
  it('after a double payment says what was paid twice and that the parish will refund it', async () => {
    answering([attempt({ transactionId: 'TXN-TWICE', status: 'success', state: 'paid', paidTwice: twice })]);
    renderScreen(
      <SuccessDialog
        message={t('portal.success.messageTxn', { amount: '₹175.00', txnId: 'TXN-TWICE' })}
        txnId="TXN-TWICE"
        onViewPaid={() => undefined}
        onContinue={() => undefined}
      />,
      { signedIn: member },
    );
    const dialog = await screen.findByRole('dialog', { name: t('portal.success.title') });
    expect(
      await within(dialog).findByText(
        '₹100.00 for Building Fund had already been paid, so it was paid twice. The parish will refund ₹100.00 to you.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Paid twice')).toBeInTheDocument();
  });

  it('without a double payment says nothing more', async () => {
    let asked = 0;
    server.use(
      on(portalContracts.transactions).reply(() => {
        asked += 1;
        return { items: [attempt({ transactionId: 'TXN-ONCE', status: 'success', state: 'paid' })], total: 1 };
      }),
    );
    renderScreen(
      <SuccessDialog message="Paid" txnId="TXN-ONCE" onViewPaid={() => undefined} onContinue={() => undefined} />,
      { signedIn: member },
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).getByText('Paid')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('paid-twice')).toBeNull();
  });
});
