import {
  OFFICE_MSG,
  collectionContracts,
  formatINR,
  officeContracts,
  paise,
  paiseToRupees,
  rupees,
  rupeesToPaise,
  sumPaise,
  type ContractBody,
  type DaySheet,
  type MemberPayments,
  type PaymentRecord,
} from '@parish/shared';
import { screen, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { payment } from '../../test/fixtures.ts';
import { on, refuse, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { PaymentSummaryModal } from './payment-summary-modal.tsx';

/**
 * The Collect Payment dialog at the office counter (`docs/domain.md`, §2 "Collect Payment dialog",
 * "Collecting several dues", "Day close"), opened from a member's Payment Summary as the cashier
 * does: the member's pending dues with the arrears first and ticked (the arrears-first rule of
 * `payment-rules.ts`), a variable due's amount never below its due, one `POST /api/collections`
 * for everything ticked, and the outcome dialog, including the refusal of a closed day.
 */

const MEMBER_ID = '5d0c3f8e-1c1a-4c55-9d43-2c1f0a000001';
const ARREAR_ID = '5d0c3f8e-1c1a-4c55-9d43-2c1f0a000011';
const CURRENT_ID = '5d0c3f8e-1c1a-4c55-9d43-2c1f0a000012';
const FUND_ID = '5d0c3f8e-1c1a-4c55-9d43-2c1f0a000013';

const member = { _id: MEMBER_ID, name: 'Thomas Mathew', parishNumber: 'SM101', mobile: '919847012345' };
/** A pending due of the member, its head of `year` (the test factory's heads are all of 2026). */
function due(overrides: Parameters<typeof payment>[0] & { year?: number }): PaymentRecord {
  const record = payment(overrides);
  return { ...record, memberId: member, paymentHeadId: { ...record.paymentHeadId, year: record.year } };
}

/** Three pending dues, the current one first as the server may give them: ₹1,500 current, ₹1,200 arrears, ₹500+ fund. */
const dues: PaymentRecord[] = [
  due({ id: CURRENT_ID, headName: 'Annual Dues 2026', amount: rupees(1500) }),
  due({ id: ARREAR_ID, type: 'arrear', headName: 'Annual Dues 2025', amount: rupees(1200), year: 2025 }),
  due({ id: FUND_ID, type: 'miscellaneous', headName: 'Church Renovation Fund', amount: rupees(500), variable: true }),
];

const memberPayments: MemberPayments = {
  member: { ...member, selectedParticulars: [], isActive: true, createdAt: '2026-04-01T04:30:00.000Z' },
  items: dues,
  totals: { paid: rupees(0), pending: rupees(3200), total: rupees(3200) },
};

type CollectBody = ContractBody<typeof officeContracts.collectDues>;

const noMoney = { cash: rupees(0), upi: rupees(0), cheque: rupees(0), total: rupees(0) };
/** The cashier's day sheet of today, open or closed, with nothing on it. */
function sheetOfToday(status: 'open' | 'closed'): DaySheet {
  return {
    cashier: { _id: 'c-1', name: 'Cashier' },
    day: '2026-11-20',
    status,
    closedAt: status === 'closed' ? '2026-11-20T12:00:00.000Z' : null,
    closedBy: null,
    reopenedAt: null,
    receipts: [],
    reversals: [],
    collected: noMoney,
    reversed: noMoney,
    net: noMoney,
    receiptCount: 0,
    voidedCount: 0,
    cashCount: null,
  };
}

/** The member's payments, and `POST /api/collections` answered by `reply`; records each body and key sent. */
function counter(reply: (body: CollectBody) => Response | null = () => null, day: 'open' | 'closed' = 'open') {
  const sent: { body: CollectBody; key: string | null }[] = [];
  server.use(
    on(officeContracts.daySheet).reply(() => sheetOfToday(day)),
    on(collectionContracts.memberPayments).reply(() => memberPayments),
    on(officeContracts.collectDues).reply(({ body, request }) => {
      sent.push({ body, key: request.headers.get('idempotency-key') });
      return (
        reply(body) ?? {
          success: true,
          message: OFFICE_MSG.collected,
          receiptId: 'r-1',
          receiptNumber: '2026-27/000001',
          items: [],
          total: paiseToRupees(sumPaise(body.items.map((item) => rupeesToPaise(rupees(item.amount))))),
        }
      );
    }),
  );
  return sent;
}

/** Opens the member's Payment Summary and clicks Collect on the current due; returns the Collect Payment dialog. */
async function openCollect() {
  const screenState = renderScreen(<PaymentSummaryModal memberId={MEMBER_ID} mode="cashier" onClose={() => {}} />);
  await screenState.user.click(
    await screen.findByRole('button', { name: t('collections.summary.collectFor', { name: 'Annual Dues 2026' }) }),
  );
  const dialog = await screen.findByRole('dialog', { name: t('collections.collect.title') });
  return { ...screenState, dialog };
}

/** Ticks the variable fund due and returns its amount field. */
async function tickFund(user: Awaited<ReturnType<typeof openCollect>>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('checkbox', { name: 'Church Renovation Fund 2026' }));
  return within(dialog).getByRole('textbox', {
    name: t('collections.collect.amountFor', { name: 'Church Renovation Fund' }),
  });
}

const confirmButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: t('collections.collect.confirm') });
const toReceive = () => screen.getByTestId('amount-to-receive');

describe('the Collect Payment dialog', () => {
  it('offers every pending due with the arrears first and ticked beside the due clicked, and collects them under one call', async () => {
    const sent = counter();
    const { user, dialog } = await openCollect();

    const list = within(dialog).getByRole('group', { name: t('collections.collect.dues') });
    const boxes = within(list).getAllByRole('checkbox');
    expect(boxes).toEqual([
      within(list).getByRole('checkbox', { name: `Annual Dues 2025 · ${t('collections.collect.arrear')}` }),
      within(list).getByRole('checkbox', { name: 'Annual Dues 2026' }),
      within(list).getByRole('checkbox', { name: 'Church Renovation Fund 2026' }),
    ]);
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, false]);
    expect(toReceive()).toHaveTextContent(formatINR(paise(270000)));
    expect(confirmButton(dialog)).toBeEnabled();

    await user.click(confirmButton(dialog));

    expect(await screen.findByRole('dialog', { name: t('collections.collect.successTitle') })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(t('collections.collect.success'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      memberId: MEMBER_ID,
      items: [
        { paymentId: ARREAR_ID, amount: 1200 },
        { paymentId: CURRENT_ID, amount: 1500 },
      ],
      paymentMethod: 'cash',
    });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps Confirm disabled while a variable due is below its due, and never raises the typed amount', async () => {
    const sent = counter();
    const { user, dialog } = await openCollect();

    const amount = await tickFund(user, dialog);
    await user.clear(amount);
    await user.type(amount, '400');

    expect(
      within(dialog).getByText(t('collections.collect.minimum', { amount: formatINR(paise(50000)) })),
    ).toBeInTheDocument();
    expect(amount).toHaveValue('400');
    expect(confirmButton(dialog)).toBeDisabled();
    await user.click(confirmButton(dialog));
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '750');
    expect(confirmButton(dialog)).toBeEnabled();
    expect(toReceive()).toHaveTextContent(formatINR(paise(345000)));

    // Above the due of a variable head: the counter asks first, naming the excess (decision 0025).
    await user.click(confirmButton(dialog));
    const ask = within(dialog).getByRole('alertdialog', { name: t('collections.collect.excessTitle') });
    expect(ask).toHaveTextContent(
      t('collections.collect.excessLine', {
        excess: formatINR(paise(25000)),
        due: formatINR(paise(50000)),
        name: 'Church Renovation Fund',
      }),
    );
    expect(sent).toEqual([]);
    await user.click(
      within(ask).getByRole('button', {
        name: t('collections.collect.excessConfirm', { total: formatINR(paise(345000)) }),
      }),
    );
    await screen.findByRole('dialog', { name: t('collections.collect.successTitle') });
    expect(sent[0]?.body.items).toEqual([
      { paymentId: ARREAR_ID, amount: 1200 },
      { paymentId: CURRENT_ID, amount: 1500 },
      { paymentId: FUND_ID, amount: 750 },
    ]);
  });

  it("shows the server's refusal when the cashier's day is closed", async () => {
    counter(() => refuse('SHEET_CLOSED', OFFICE_MSG.todayClosed));
    const { user, dialog } = await openCollect();

    await user.click(confirmButton(dialog));

    const failure = await screen.findByRole('dialog', { name: t('collections.collect.failureTitle') });
    expect(within(failure).getByRole('alert')).toHaveTextContent(
      t('collections.collect.failure', { reason: OFFICE_MSG.todayClosed }),
    );
    expect(screen.queryByRole('dialog', { name: t('collections.collect.successTitle') })).not.toBeInTheDocument();
  });

  it('goes back from the excess question without collecting, and refuses one crore and a paisa before the server', async () => {
    const sent = counter();
    const { user, dialog } = await openCollect();
    const amount = await tickFund(user, dialog);
    await user.clear(amount);
    await user.type(amount, '2500');
    await user.click(confirmButton(dialog));
    await user.click(within(dialog).getByRole('button', { name: t('collections.collect.excessBack') }));
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '10000000.01');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      t('collections.collect.aboveLimit', { limit: formatINR(paise(1_00_00_000_00)) }),
    );
    expect(confirmButton(dialog)).toBeDisabled();
  });

  it('refuses cash of ₹2,00,000 or more before the server (section 269ST); a paisa less may go', async () => {
    counter();
    const { user, dialog } = await openCollect();
    const amount = await tickFund(user, dialog);
    await user.clear(amount);
    // ₹1,200 + ₹1,500 + ₹1,97,300 = ₹2,00,000 in cash.
    await user.type(amount, '197300');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      t('collections.collect.cashLimit', { earlier: formatINR(paise(0)) }),
    );
    expect(confirmButton(dialog)).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '197299.99');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the day is closed before any form, with Collect disabled and pointing at the reason', async () => {
    counter(undefined, 'closed');
    renderScreen(<PaymentSummaryModal memberId={MEMBER_ID} mode="cashier" onClose={() => {}} />);
    const collect = await screen.findByRole('button', {
      name: t('collections.summary.collectFor', { name: 'Annual Dues 2026' }),
    });
    expect(await screen.findByText(t('collections.collect.dayClosed'))).toBeInTheDocument();
    await screen.findByText(t('collections.collect.dayClosedTitle'));
    expect(collect).toBeDisabled();
    expect(collect).toHaveAccessibleDescription(t('collections.collect.dayClosed'));
  });

  it('shows the one reference field of each method, required ones starred, and why no UPI QR code shows (issue 27, item 5)', async () => {
    const sent = counter();
    server.use(on(officeContracts.upi).reply(() => ({ vpa: '', payeeName: 'St. Mary' })));
    const { user, dialog } = await openCollect();
    const field = (name: string) => within(dialog).queryByRole('textbox', { name: new RegExp(`^${name}`) });
    const choose = async (method: string) => {
      const select = within(dialog)
        .getAllByLabelText(t('collections.collect.method'), { exact: true })
        .find((element) => element.tagName === 'INPUT');
      await user.click(select!);
      await user.click(await screen.findByRole('option', { name: method }));
    };

    expect(field(t('collections.collect.reference'))).toBeInTheDocument();
    expect(field(t('collections.collect.utr'))).not.toBeInTheDocument();

    await choose(t('collections.collect.upi'));
    expect(field(t('collections.collect.reference'))).not.toBeInTheDocument();
    const utr = field(t('collections.collect.utr'));
    expect(utr).not.toBeRequired();
    expect(await within(dialog).findByText(t('collections.collect.noQr'))).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();

    await choose(t('collections.collect.cheque'));
    expect(field(t('collections.collect.reference'))).not.toBeInTheDocument();
    expect(field(t('collections.collect.utr'))).not.toBeInTheDocument();
    for (const name of ['bank', 'chequeNumber']) {
      const input = field(t(`collections.collect.${name}`));
      expect(input).toBeRequired();
      expect(
        input?.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-required'),
      ).not.toBeNull();
    }
    await user.type(field(t('collections.collect.bank'))!, 'SBI');
    await user.type(field(t('collections.collect.chequeNumber'))!, '000123');
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t('collections.collect.chequeDate')}`)), '2026-11-20');
    await user.click(confirmButton(dialog));
    await screen.findByRole('dialog', { name: t('collections.collect.successTitle') });
    expect(sent[0]?.body).toMatchObject({
      paymentMethod: 'cheque',
      reference: '000123',
      cheque: { bank: 'SBI', number: '000123', date: '2026-11-20' },
    });
  });
});

describe("the cashier's Payment Summary", () => {
  it("offers Export CSV and Excel, as the admin's does (issue 27, item 5)", async () => {
    server.use(on(collectionContracts.memberPayments).reply(() => memberPayments));
    renderScreen(<PaymentSummaryModal memberId={MEMBER_ID} mode="cashier" onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: t('collections.summary.exportCsv') })).toBeEnabled();
    expect(screen.getByRole('button', { name: t('collections.summary.exportExcelLabel') })).toBeEnabled();
  });
});
