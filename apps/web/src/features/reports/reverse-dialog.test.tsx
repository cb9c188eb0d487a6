import {
  COLLECTION_MSG,
  OFFICE_MSG,
  collectionContracts,
  formatINR,
  officeContracts,
  paise,
  paymentContracts,
  reportContracts,
  rupees,
  type ContractBody,
  type PaymentReportRow,
  type ReceiptSummary,
} from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { payment } from '../../test/fixtures.ts';
import { on, refuse, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { DirectTab } from './payment-tabs.tsx';

/**
 * The reversal dialog of Direct Collections (`docs/domain.md`, §2 "Reports and Analytics",
 * "Reversal with a reason", "Correcting a receipt"; issue 27 items 1 and 9): it shows the whole
 * receipt a reversal voids (number, every line, the total, the day's effect), warns that the
 * reversal is irreversible and when the member is inactive, offers "Correct this receipt",
 * Reverse stays disabled until a reason is chosen (and, for Other, a note typed), the reason goes
 * to `PUT /api/payments/:id/reverse`, and a refusal shows in the dialog as the server words it.
 */

const PAYMENT_ID = '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c000021';

const row: PaymentReportRow = {
  paymentId: PAYMENT_ID,
  memberId: 'm1',
  memberName: 'Thomas Mathew',
  parishNumber: 'SM101',
  mobile: '919847012345',
  paymentHeadId: 'h1',
  headName: 'Annual Dues 2026',
  headType: 'current due',
  year: 2026,
  amount: rupees(1500),
  assignedAmount: rupees(1500),
  status: 'paid',
  createdAt: '2026-04-01T04:30:00.000Z',
  paidAt: '2026-11-20T05:00:00.000Z',
  transactionId: null,
  paymentMethod: 'cash',
  paymentGateway: 'manual',
  collectedBy: { _id: 'u-c1', name: 'Anna Cashier' },
  receiptNumber: '2026-27/000007',
};

const RECEIPT_ID = '6a1e9c7e-2b1f-4f0e-8a55-3b2d1c0000b1';

/** The receipt holding the row's payment: three lines on one receipt, ₹4,500.00. */
function receiptSummary(overrides: Partial<ReceiptSummary> = {}): ReceiptSummary {
  return {
    receiptId: RECEIPT_ID,
    receiptNumber: '2026-27/000007',
    issuedAt: '2026-11-20T05:00:00.000Z',
    issuedDay: '2026-11-20',
    member: { _id: 'm1', name: 'Thomas Mathew', parishNumber: 'SM101', active: true },
    paymentMethod: 'cash',
    paymentGateway: 'manual',
    reference: null,
    collectedBy: { _id: 'u-c1', name: 'Anna Cashier' },
    lines: [
      { paymentId: 'p-arrear', headName: 'Arrears', headYear: 2025, amount: rupees(500) },
      { paymentId: PAYMENT_ID, headName: 'Annual Dues', headYear: 2026, amount: rupees(1500) },
      { paymentId: 'p-fund', headName: 'Building Fund', headYear: 2026, amount: rupees(2500) },
    ],
    total: rupees(4500),
    voided: false,
    ...overrides,
  };
}

type ReverseBody = ContractBody<typeof collectionContracts.reverse>;
type CorrectBody = ContractBody<typeof officeContracts.correctReceipt>;

/** The corrections sent since the last {@link directCollections}. */
let corrections: CorrectBody[] = [];

/**
 * Direct Collections with one row, whose payment sits on `summary`'s receipt; the reversal
 * answered by `reply` (success by default); records the bodies of reversals and corrections.
 */
function directCollections(reply: () => Response | null = () => null, summary = receiptSummary()) {
  const sent: ReverseBody[] = [];
  corrections = [];
  server.use(
    on(paymentContracts.get).reply(({ params }) => ({
      ...payment({ id: params.id, status: 'paid' }),
      receiptId: RECEIPT_ID,
      receiptNumber: summary.receiptNumber,
    })),
    on(officeContracts.receipt).reply(({ params }) => {
      expect(params.id).toBe(RECEIPT_ID);
      return summary;
    }),
    on(officeContracts.correctReceipt).reply(({ body }) => {
      corrections.push(body);
      return {
        success: true,
        message: OFFICE_MSG.corrected,
        receiptId: RECEIPT_ID,
        receiptNumber: summary.receiptNumber,
        paymentIds: ['p-arrear', PAYMENT_ID, 'p-fund'],
        newReceipt: { receiptId: 'r2', receiptNumber: '2026-27/000008', items: [], total: rupees(2000) },
      };
    }),
    on(reportContracts.report).reply(({ body }) => {
      expect(body.type).toBe('direct');
      return { type: 'direct', items: [row], total: 1, page: 1, limit: 25, totals: { count: 1, amount: rupees(1500) } };
    }),
    on(collectionContracts.reverse).reply(({ body, params }) => {
      expect(params.id).toBe(PAYMENT_ID);
      sent.push(body);
      return (
        reply() ?? {
          success: true,
          message: COLLECTION_MSG.reversed,
          payment: payment({ id: PAYMENT_ID, status: 'pending' }),
        }
      );
    }),
  );
  return sent;
}

/** Opens Direct Collections and clicks Reverse on the row; returns the dialog. */
async function openReversal() {
  const screenState = renderScreen(<DirectTab />);
  await screenState.user.click(
    await screen.findByRole('button', {
      name: t('reports.direct.reverseFor', { head: 'Annual Dues 2026', name: 'Thomas Mathew' }),
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: t('reports.direct.confirmTitle') });
  return { ...screenState, dialog };
}

const reverseButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: t('reports.direct.confirm') });

/** Chooses a reason in the dialog's Reason select. */
async function chooseReason(user: ReturnType<typeof renderScreen>['user'], dialog: HTMLElement, reason: string) {
  await user.click(within(dialog).getByRole('combobox', { name: t('reports.direct.reason') }));
  await user.click(await screen.findByRole('option', { name: reason }));
}

describe('the reversal dialog', () => {
  it('shows the whole receipt it voids, warns, and needs a reason (and a note for Other) before it reverses', async () => {
    const sent = directCollections();
    const { user, dialog } = await openReversal();

    await within(dialog).findByRole('table', { name: t('reports.direct.linesLabel', { number: '2026-27/000007' }) });
    expect(dialog).toHaveTextContent(
      t('reports.direct.confirmText', {
        number: '2026-27/000007',
        name: 'Thomas Mathew',
        parishNumber: 'SM101',
        date: '20/11/2026',
        method: t('reports.methods.cash'),
        count: 3,
        total: formatINR(paise(450000)),
      }),
    );
    // Every line and the total, not only the line clicked.
    for (const text of [
      'Arrears 2025',
      'Annual Dues 2026',
      'Building Fund 2026',
      formatINR(paise(50000)),
      formatINR(paise(250000)),
    ]) {
      expect(dialog).toHaveTextContent(text);
    }
    expect(dialog).toHaveTextContent(
      t('reports.direct.dayEffect', {
        collector: 'Anna Cashier',
        method: t('reports.methods.cash'),
        total: formatINR(paise(450000)),
      }),
    );
    expect(dialog).not.toHaveTextContent(t('reports.direct.inactiveTitle'));
    expect(dialog).toHaveTextContent(t('reports.direct.irreversible'));
    expect(reverseButton(dialog)).toBeDisabled();

    await chooseReason(user, dialog, t('reports.direct.reasons.other'));
    expect(reverseButton(dialog)).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: t('reports.direct.note') }), '  Entered twice  ');
    expect(reverseButton(dialog)).toBeEnabled();
    await user.click(reverseButton(dialog));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: t('reports.direct.confirmTitle') })).toBeNull());
    expect(sent).toEqual([{ reason: 'other', note: 'Entered twice' }]);
    expect(await screen.findByText(t('reports.direct.reversed'))).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's text when the reversal is refused", async () => {
    const sent = directCollections(() => refuse('DAY_CLOSED', OFFICE_MSG.dayClosed));
    const { user, dialog } = await openReversal();
    await within(dialog).findByRole('table', { name: t('reports.direct.linesLabel', { number: '2026-27/000007' }) });

    await chooseReason(user, dialog, t('reports.direct.reasons.duplicate'));
    await user.click(reverseButton(dialog));

    // The dialog's alerts: the irreversible warning, and now the refusal.
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toContain(OFFICE_MSG.dayClosed),
    );
    expect(screen.getByRole('dialog', { name: t('reports.direct.confirmTitle') })).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'duplicate' }]);
  });

  it('sends nothing on Cancel', async () => {
    const sent = directCollections();
    const { user, dialog } = await openReversal();

    await chooseReason(user, dialog, t('reports.direct.reasons.wrong_amount'));
    await user.click(within(dialog).getByRole('button', { name: t('reports.direct.cancel') }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: t('reports.direct.confirmTitle') })).toBeNull());
    expect(sent).toEqual([]);
  });

  it('corrects the receipt: the lines ticked Keep go to a new receipt, the rest to pending', async () => {
    const sent = directCollections();
    const { user, dialog } = await openReversal();
    await user.click(await within(dialog).findByRole('radio', { name: t('reports.direct.actionCorrect') }));
    const confirm = within(dialog).getByRole('button', { name: t('reports.direct.confirmCorrect') });
    await chooseReason(user, dialog, t('reports.direct.reasons.wrong_amount'));
    // No line kept yet: nothing to re-issue.
    expect(confirm).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: t('reports.direct.keepLine', { head: 'Arrears 2025' }) }),
    );
    await user.click(
      within(dialog).getByRole('checkbox', { name: t('reports.direct.keepLine', { head: 'Annual Dues 2026' }) }),
    );
    expect(dialog).toHaveTextContent(
      t('reports.direct.dayEffectCorrect', {
        collector: 'Anna Cashier',
        method: t('reports.methods.cash'),
        number: '2026-27/000007',
        total: formatINR(paise(450000)),
        kept: formatINR(paise(200000)),
        pending: formatINR(paise(250000)),
      }),
    );
    expect(confirm).toBeEnabled();
    // Every line kept is no correction.
    const fund = within(dialog).getByRole('checkbox', {
      name: t('reports.direct.keepLine', { head: 'Building Fund 2026' }),
    });
    await user.click(fund);
    expect(confirm).toBeDisabled();
    await user.click(fund);
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: t('reports.direct.confirmTitle') })).toBeNull());
    expect(corrections).toEqual([{ reason: 'wrong_amount', keep: ['p-arrear', PAYMENT_ID] }]);
    expect(sent).toEqual([]);
    expect(await screen.findByText(t('reports.direct.corrected', { number: '2026-27/000008' }))).toBeInTheDocument();
  });

  it('warns before Confirm when the member is inactive', async () => {
    const summary = receiptSummary({
      member: { _id: 'm1', name: 'Thomas Mathew', parishNumber: 'SM101', active: false },
    });
    directCollections(() => null, summary);
    const { dialog } = await openReversal();
    expect(await within(dialog).findByText(t('reports.direct.inactiveTitle'))).toBeInTheDocument();
    expect(dialog).toHaveTextContent(t('reports.direct.inactiveText', { name: 'Thomas Mathew' }));
  });
});
