import { expect, test, type APIRequestContext } from '@playwright/test';

import { ADMIN, apiToken, CASHIER, expectAccessible, signInStaff } from './fixtures.ts';

/*
 * Issue 27 item 1 (docs/domain.md, "Reversal with a reason", "Correcting a receipt"; decisions
 * 0023 and 0100), in the browser on the production build: a cashier collects three dues on one
 * receipt; Reverse on one line in Reports → Direct Collections shows the receipt number, all three
 * lines and the total it voids; "Correct this receipt" keeping two lines issues a new receipt with
 * those two, and the cashier's day sheet shows the void and the new receipt.
 */

/** A new member with ₹500, ₹1,500 and a variable ₹2,000 Building Fund, collected by the cashier as ₹500 + ₹1,500 + ₹2,500 on one receipt. */
async function threeOnOneReceipt(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const stamp = `${Date.now()}`.slice(-7);
  const name = `Correction Family ${stamp}`;
  const member = await request.post('/api/members', {
    headers: admin,
    data: { name, mobile: `97${stamp.padStart(8, '3')}`, parishNumber: `CF${stamp}` },
  });
  expect(member.ok(), await member.text()).toBe(true);
  const memberJson = (await member.json()) as { _id?: string; member?: { _id: string } };
  const memberId = memberJson._id ?? memberJson.member?._id ?? '';
  const heads = [
    { name: `Arrears ${stamp}`, amount: 500, type: 'arrear', year: 2025, paid: 500 },
    { name: `Church Tax ${stamp}`, amount: 1500, type: 'current due', year: 2026, paid: 1500 },
    {
      name: `Building Fund ${stamp}`,
      amount: 2000,
      type: 'current due',
      year: 2026,
      variable_amount: true,
      paid: 2500,
    },
  ];
  const items: { paymentId: string; amount: number }[] = [];
  for (const { paid, ...head } of heads) {
    const created = await request.post('/api/payment-heads', { headers: admin, data: head });
    expect(created.ok(), await created.text()).toBe(true);
    const { _id } = (await created.json()) as { _id: string };
    const tagged = await request.post('/api/payments/assign', {
      headers: admin,
      data: { paymentHeadId: _id, assignments: [{ memberId }] },
    });
    expect(tagged.ok(), await tagged.text()).toBe(true);
    const list = await request.get(`/api/payments?paymentHeadId=${_id}&memberId=${memberId}`, { headers: admin });
    const [payment] = ((await list.json()) as { items: { _id: string }[] }).items;
    items.push({ paymentId: payment?._id ?? '', amount: paid });
  }
  const cashier = { authorization: `Bearer ${await apiToken(request, CASHIER)}` };
  const collected = await request.post('/api/collections', {
    headers: { ...cashier, 'idempotency-key': `e2e-correction-${stamp}` },
    data: { memberId, items, paymentMethod: 'cash' },
  });
  expect(collected.ok(), await collected.text()).toBe(true);
  const receipt = (await collected.json()) as { receiptNumber: string };
  return { name, stamp, heads, receiptNumber: receipt.receiptNumber, cashier };
}

test('Reverse on one line shows the whole receipt; Correct this receipt keeps two lines on a new receipt', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const family = await threeOnOneReceipt(page.request);
  const [arrears, tax, fund] = family.heads;

  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/reports?tab=direct');
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('searchbox', { name: 'Member name or parish number' }).fill(family.name);
  await expect(panel.getByRole('row')).toHaveCount(4);
  await panel.getByRole('button', { name: `Reverse the collection of ${fund!.name} from ${family.name}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Reverse receipt' });
  const lines = dialog.getByRole('table', { name: `Lines of receipt ${family.receiptNumber}` });
  await expect(lines).toBeVisible();
  // Every line of the receipt and its total, not only the ₹2,500 clicked.
  await expect(dialog).toContainText(`Receipt ${family.receiptNumber} of ${family.name}`);
  await expect(dialog).toContainText('all 3 lines below, ₹4,500.00, return to pending');
  for (const [head, amount] of [
    [`${arrears!.name} 2025`, '₹500.00'],
    [`${tax!.name} 2026`, '₹1,500.00'],
    [`${fund!.name} 2026`, '₹2,500.00'],
  ] as const) {
    await expect(lines.getByRole('row').filter({ hasText: head })).toContainText(amount);
  }
  await expect(lines.getByRole('row').filter({ hasText: 'Total' })).toContainText('₹4,500.00');
  await expect(dialog).toContainText('Cash falls by ₹4,500.00');
  await expectAccessible(page, 'reverse receipt dialog');

  // Correct this receipt: keep the arrears and the tax; the Building Fund goes back to pending.
  await dialog.getByRole('radio', { name: /^Correct this receipt/ }).check();
  await dialog.getByRole('checkbox', { name: `Keep ${arrears!.name} 2025 on the new receipt` }).check();
  await dialog.getByRole('checkbox', { name: `Keep ${tax!.name} 2026 on the new receipt` }).check();
  await expect(dialog).toContainText('a new receipt of ₹2,000.00');
  await dialog.getByRole('combobox', { name: /^Reason/ }).click();
  await page.getByRole('option', { name: 'Wrong amount' }).click();
  await dialog.getByRole('button', { name: 'Correct receipt' }).click();
  // (The success notice names the new receipt; it may have gone by the time a slow machine looks.)
  await expect(dialog).toBeHidden();

  // Direct Collections now lists the two lines kept, on the new receipt.
  await expect(panel.getByRole('row')).toHaveCount(3);
  const newNumber = (await panel.getByRole('row').nth(1).innerText()).match(/\d{4}-\d{2}\/\d{6}/)?.[0] ?? '';
  expect(newNumber).not.toBe('');
  expect(newNumber).not.toBe(family.receiptNumber);

  // The cashier's day sheet shows both: the void of the old receipt and the new receipt.
  const sheet = await page.request.get('/api/day-sheets', { headers: family.cashier });
  const day = (await sheet.json()) as { receipts: { number: string }[]; reversals: { number: string }[] };
  expect(day.reversals.map((r) => r.number)).toContain(family.receiptNumber);
  expect(day.receipts.map((r) => r.number)).toContain(newNumber);

  const cashierContext = await browser.newContext();
  const cashierPage = await cashierContext.newPage();
  await signInStaff(cashierPage, CASHIER, 'Cashier');
  await expect(cashierPage).toHaveURL(/\/cashier\/dashboard$/);
  await cashierPage.getByRole('navigation').getByRole('link', { name: 'My Collections' }).click();
  const region = cashierPage.getByRole('region', { name: /^Day sheet of / });
  await expect(region).toBeVisible();
  // The printed day sheet lists the receipts and the reversals (the panel shows their totals).
  await cashierPage.evaluate(() => {
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
  const popupPromise = cashierPage.waitForEvent('popup');
  await region.getByRole('button', { name: 'Print day sheet' }).click();
  const printed = await popupPromise;
  await expect(printed.getByRole('heading', { name: /Day sheet/ })).toBeVisible();
  await expect(printed.locator('body')).toContainText(family.receiptNumber);
  await expect(printed.locator('body')).toContainText(newNumber);
  await cashierContext.close();
});
