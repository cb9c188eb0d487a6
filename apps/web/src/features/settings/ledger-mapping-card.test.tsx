import { accountsContracts, type LedgerMapping, type LedgerMappingInput } from '@parish/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { LedgerMappingCard } from './ledger-mapping-card.tsx';

/**
 * Parish Settings' ledger mapping (issue 30 item 1, decision 0146): every head with its ledger and
 * group, the asset and fee ledgers; saved whole, without the heads' display fields.
 */

const TAX = '6f1c1a52-8f5e-4b8e-9a59-3f7f0d2a9c11';
const mapping: LedgerMapping = {
  heads: [
    {
      paymentHeadId: TAX,
      name: 'Church Tax',
      year: 2026,
      ledger: 'Church Tax',
      parent: 'Indirect Incomes',
      mapped: false,
    },
  ],
  cash: { ledger: 'Cash', perCashier: false },
  upiBank: 'Bank Account',
  chequeBank: 'Bank Account',
  razorpay: 'Razorpay Clearing',
  worldline: 'Worldline Clearing',
  gatewayFees: 'Payment Gateway Charges',
  gstOnFees: 'GST on Gateway Charges',
  updatedAt: null,
};

describe('LedgerMappingCard', () => {
  it('shows the mapping in force and saves the whole mapping; an empty ledger is refused before sending', async () => {
    const sent: LedgerMappingInput[] = [];
    server.use(
      on(accountsContracts.ledgerMapping).reply(() => mapping),
      on(accountsContracts.setLedgerMapping).reply(({ body }) => {
        sent.push(body as LedgerMappingInput);
        return { ...mapping, updatedAt: '2026-11-29T01:00:00.000Z' };
      }),
    );
    const { user } = renderScreen(<LedgerMappingCard />);
    const headLedger = await screen.findByLabelText(/Ledger of Church Tax 2026/);
    expect(headLedger).toHaveValue('Church Tax');
    const upi = screen.getByLabelText(/Bank ledger for UPI/);
    await user.clear(upi);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a ledger name')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(upi, 'Federal Bank SB');
    await user.clear(headLedger);
    await user.type(headLedger, 'Church Tax & Dues');
    await user.click(screen.getByLabelText(/One cash ledger per cashier/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      heads: [{ paymentHeadId: TAX, ledger: 'Church Tax & Dues', parent: 'Indirect Incomes' }],
      cash: { ledger: 'Cash', perCashier: true },
      upiBank: 'Federal Bank SB',
      chequeBank: 'Bank Account',
      razorpay: 'Razorpay Clearing',
      worldline: 'Worldline Clearing',
      gatewayFees: 'Payment Gateway Charges',
      gstOnFees: 'GST on Gateway Charges',
    });
  }, 60_000);
});
