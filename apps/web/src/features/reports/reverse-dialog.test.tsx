import {
  COLLECTION_MSG,
  OFFICE_MSG,
  collectionContracts,
  formatINR,
  reportContracts,
  type ContractBody,
  type PaymentReportRow,
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
 * "Reversal with a reason"): it names the collection and warns that the reversal is irreversible,
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
  amount: 1500,
  assignedAmount: 1500,
  status: 'paid',
  createdAt: '2026-04-01T04:30:00.000Z',
  paidAt: '2026-11-20T05:00:00.000Z',
  transactionId: null,
  paymentMethod: 'cash',
  paymentGateway: 'manual',
  collectedBy: { _id: 'u-c1', name: 'Anna Cashier' },
  receiptNumber: '2026-27/000007',
};

type ReverseBody = ContractBody<typeof collectionContracts.reverse>;

/** Direct Collections with one row; the reversal answered by `reply` (success by default); records the bodies. */
function directCollections(reply: () => Response | null = () => null) {
  const sent: ReverseBody[] = [];
  server.use(
    on(reportContracts.report).reply(({ body }) => {
      expect(body.type).toBe('direct');
      return { type: 'direct', items: [row], total: 1, page: 1, limit: 25, totals: { count: 1, amount: 1500 } };
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
  it('names the collection, warns, and needs a reason (and a note for Other) before it reverses', async () => {
    const sent = directCollections();
    const { user, dialog } = await openReversal();

    expect(dialog).toHaveTextContent(
      t('reports.direct.confirmText', { amount: formatINR(150000), head: 'Annual Dues 2026', name: 'Thomas Mathew' }),
    );
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
});
