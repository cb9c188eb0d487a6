import { expect, test, type Page } from '@playwright/test';

import {
  adminOnDeposits,
  apiToken,
  closeDayInBrowser,
  expectAccessible,
  memberWithDues,
  ownCashier,
  signInStaff,
} from './fixtures.ts';

/*
 * Bank deposits (docs/domain.md, "Bank deposits"; decision 0147), in the browser on the production
 * build: a new cashier collects cash and a cheque and closes the day on My Collections; the admin
 * sees that day on "Not yet deposited", makes its deposit slip, prints it, and the day leaves the
 * list. axe finds nothing critical or serious on the screen, at the office width and at 375 px.
 */

/** Keeps the slip's window from printing or closing, and records that the app asked. */
async function catchPrinting(page: Page) {
  await page.evaluate(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = open(...args);
      if (popup) {
        popup.print = () => undefined;
        popup.close = () => undefined;
      }
      return popup;
    };
  });
}

test('close a day, make its deposit slip, see it leave "Not yet deposited"', async ({ page, request }) => {
  // Two sign-ins, a day close, a slip, its print and two axe runs.
  test.setTimeout(180_000);
  // A cashier of this test's own, so closing their day does not close the demo cashier's.
  const stamp = `${Date.now() % 1_000_000}`;
  const cashier = await ownCashier(request, 'Deposit', stamp);
  const cashierHeaders = { authorization: `Bearer ${await apiToken(request, cashier)}` };
  const family = await memberWithDues(request, 'Dep');
  const [arrear, tax] = family.heads;
  const payments = await request.get(`/api/collections/members/${family.memberId}/payments`, {
    headers: cashierHeaders,
  });
  const dues = ((await payments.json()) as { items: { _id: string; paymentHeadId: { name: string } }[] }).items;
  const idOf = (name: string) => dues.find((p) => p.paymentHeadId.name === name)?._id;
  const cash = await request.post('/api/collections', {
    headers: cashierHeaders,
    data: { memberId: family.memberId, items: [{ paymentId: idOf(tax!.name), amount: 1500 }], paymentMethod: 'cash' },
  });
  expect(cash.ok(), await cash.text()).toBe(true);
  const cheque = await request.post('/api/collections', {
    headers: cashierHeaders,
    data: {
      memberId: family.memberId,
      items: [{ paymentId: idOf(arrear!.name), amount: 500 }],
      paymentMethod: 'cheque',
      cheque: { bank: 'Federal Bank, Pala', number: `7${stamp}`.slice(0, 6), date: '2026-11-20' },
    },
  });
  expect(cheque.ok(), await cheque.text()).toBe(true);

  // The cashier closes the day in the browser, counting three ₹500 notes.
  await signInStaff(page, cashier, 'Cashier');
  await closeDayInBrowser(page, 3);

  // The cashier sees their own day waiting for the bank, without the slip form.
  await page.getByRole('navigation').getByRole('link', { name: 'Bank deposits' }).click();
  await expect(page.getByRole('heading', { name: 'Not yet deposited' })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Deposit Cashier ${stamp}` }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make deposit slip' })).toHaveCount(0);

  // The admin makes the slip.
  const pending = await adminOnDeposits(page);
  const cashRow = pending.getByRole('row', { name: new RegExp(`Put the cash of Deposit Cashier ${stamp}`) });
  await expect(cashRow).toContainText('₹1,500.00');
  await expectAccessible(page, 'Bank deposits');
  await pending.getByRole('checkbox', { name: new RegExp(`Put the cash of Deposit Cashier ${stamp}`) }).check();
  await pending.getByRole('checkbox', { name: `Put cheque ${`7${stamp}`.slice(0, 6)} on the slip` }).check();
  await expect(page.getByText('Selected for the slip: ₹2,000.00')).toBeVisible();
  await page.getByRole('textbox', { name: 'Bank account' }).fill('SBI Current A/c 1234');
  await page.getByRole('textbox', { name: 'Slip number' }).fill(`PS${stamp}`);
  await page.getByRole('button', { name: 'Make deposit slip' }).click();
  await expect(page.getByText(`Deposit slip PS${stamp} recorded: ₹2,000.00.`)).toBeVisible();
  await expect(pending.getByRole('row').filter({ hasText: `Deposit Cashier ${stamp}` })).toHaveCount(0);

  // Its pay-in slip prints: the notes, the cheque, the total in figures and in words.
  await catchPrinting(page);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Print deposit slip PS${stamp}` }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Pay-in slip' })).toBeVisible();
  await expect(popup.getByText('Two Thousand Rupees Only')).toBeVisible();
  await expect(popup.getByText('Federal Bank, Pala')).toBeVisible();
  await popup.close();

  // On a phone the screen still reads and passes axe.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Deposit slips' })).toBeVisible();
  await expectAccessible(page, 'Bank deposits at 375 px');
});
