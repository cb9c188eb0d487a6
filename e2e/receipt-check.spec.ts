import { expect, test, type APIRequestContext } from '@playwright/test';

import { ADMIN, apiToken, CASHIER, expectAccessible } from './fixtures.ts';

/*
 * Issue 29 item 7 (decision 0137), in the browser on the production build at 375 px: a receipt's
 * printed check link opens a public page that says the receipt is genuine, with the member's
 * initials only; in Malayalam after the switch; "voided" after a reversal; a tampered link finds
 * nothing. axe finds nothing critical or serious.
 */

/** A new member "Annamma Kurian <stamp>" with a ₹4,500 due, collected in cash: the receipt and its check link's path. */
async function cashReceipt(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const stamp = `${Date.now()}`.slice(-7);
  const member = await request.post('/api/members', {
    headers: admin,
    data: { name: `Annamma Kurian ${stamp}`, mobile: `96${stamp.padStart(8, '4')}`, parishNumber: `RC${stamp}` },
  });
  expect(member.ok(), await member.text()).toBe(true);
  const memberJson = (await member.json()) as { _id?: string; member?: { _id: string } };
  const memberId = memberJson._id ?? memberJson.member?._id ?? '';
  const head = await request.post('/api/payment-heads', {
    headers: admin,
    data: { name: `Church Tax ${stamp}`, amount: 4500, type: 'current due', year: 2026 },
  });
  expect(head.ok(), await head.text()).toBe(true);
  const headId = ((await head.json()) as { _id: string })._id;
  const tagged = await request.post('/api/payments/assign', {
    headers: admin,
    data: { paymentHeadId: headId, assignments: [{ memberId }] },
  });
  expect(tagged.ok(), await tagged.text()).toBe(true);
  const list = await request.get(`/api/payments?paymentHeadId=${headId}&memberId=${memberId}`, { headers: admin });
  const [payment] = ((await list.json()) as { items: { _id: string }[] }).items;
  const cashier = { authorization: `Bearer ${await apiToken(request, CASHIER)}` };
  const collected = await request.post('/api/collections', {
    headers: { ...cashier, 'idempotency-key': `e2e-receipt-check-${stamp}` },
    data: { memberId, items: [{ paymentId: payment?._id ?? '', amount: 4500 }], paymentMethod: 'cash' },
  });
  expect(collected.ok(), await collected.text()).toBe(true);
  const receipt = (await collected.json()) as { receiptId: string; receiptNumber: string };
  const printed = await request.get(`/api/receipts/${receipt.receiptId}/print`, { headers: cashier });
  const path = /https?:\/\/[^/]+(\/r\/[A-Za-z0-9_-]{44})</.exec(await printed.text())?.[1];
  expect(path, 'the printed receipt carries its check link').toBeTruthy();
  return { ...receipt, path: path ?? '', cashier };
}

test('a receipt check link says genuine, in Malayalam too, then voided; a tampered one finds nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const receipt = await cashReceipt(page.request);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(receipt.path);
  await expect(page.getByRole('heading', { name: 'Check a receipt' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Genuine receipt');
  const facts = page.getByRole('table');
  await expect(facts.getByRole('row', { name: /Receipt No\./ })).toContainText(receipt.receiptNumber);
  await expect(facts.getByRole('row', { name: /Amount/ })).toContainText('₹4,500.00');
  await expect(facts.getByRole('row', { name: /Member/ })).toContainText('A. K.');
  await expect(page.locator('main')).not.toContainText('Annamma');
  await expectAccessible(page, 'receipt check');

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ml');
  await expect(page.getByRole('heading', { name: 'രസീത് പരിശോധിക്കുക' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toContainText('യഥാർത്ഥ രസീത്');
  await page.getByRole('combobox', { name: 'ഭാഷ' }).selectOption('en');

  const reversed = await page.request.post(`/api/receipts/${receipt.receiptId}/reverse`, {
    headers: receipt.cashier,
    data: { reason: 'wrong_amount' },
  });
  expect(reversed.ok(), await reversed.text()).toBe(true);
  await page.reload();
  await expect(page.getByRole('main').getByRole('status')).toContainText('This receipt was voided');
  await expect(page.getByRole('table').getByRole('row', { name: /Status/ })).toContainText('Voided');

  const at = receipt.path.length - 5;
  const tampered = `${receipt.path.slice(0, at)}${receipt.path[at] === 'A' ? 'B' : 'A'}${receipt.path.slice(at + 1)}`;
  await page.goto(tampered);
  await expect(page.getByRole('alert')).toHaveText(
    'This receipt could not be found. Check that the whole link was copied.',
  );
  await expectAccessible(page, 'receipt check, unknown');
});
