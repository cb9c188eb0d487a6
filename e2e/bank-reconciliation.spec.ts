import { expect, test } from '@playwright/test';

import { A11Y_WIDTHS, ADMIN, apiToken, CASHIER, expectAccessible, memberWithDues, signInStaff } from './fixtures.ts';

/*
 * Bank reconciliation (issue 30 item 4, decision 0149; docs/domain.md, "Bank-statement
 * reconciliation"), in the browser on the production build: a UPI payment collected at the counter
 * with its UTR; the admin adds a CSB Bank account from its (unverified) preset, previews and imports
 * a made-up statement holding that UPI credit and a cash deposit; the UPI credit is matched by UTR,
 * the cash deposit listed unmatched; axe finds nothing serious at the desktop and at 375 px.
 */

/** Today in the parish's zone (the demo parish's, India) as the statement prints it, DD-MM-YYYY. */
function todayAsBankPrints(): string {
  const [day, month, year] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' })
    .format(new Date())
    .split('/');
  return `${day}-${month}-${year}`;
}

test('a statement’s UPI credit is matched with the counter’s receipt by UTR; the cash deposit is listed unmatched', async ({
  page,
}) => {
  // A UPI collection of ₹1,500 at the counter with the UTR the member's app showed.
  const member = await memberWithDues(page.request, 'Bank');
  const tax = member.heads[1]!;
  const utr = `5${String(Date.now()).slice(-11)}`;
  const admin = { authorization: `Bearer ${await apiToken(page.request, ADMIN)}` };
  const list = await page.request.get(`/api/payments?paymentHeadId=${tax._id}&memberId=${member.memberId}`, {
    headers: admin,
  });
  const [payment] = ((await list.json()) as { items: { _id: string }[] }).items;
  expect(payment).toBeDefined();
  const token = await apiToken(page.request, CASHIER);
  const collected = await page.request.post('/api/collections', {
    headers: { authorization: `Bearer ${token}` },
    data: { memberId: member.memberId, items: [{ paymentId: payment!._id, amount: 1500 }], paymentMethod: 'upi', utr },
  });
  expect(collected.ok(), await collected.text()).toBe(true);
  const { receiptNumber } = (await collected.json()) as { receiptNumber: string };

  const day = todayAsBankPrints();
  const statement = [
    'CSB BANK LTD - STATEMENT OF ACCOUNT',
    'MADE-UP SAMPLE STATEMENT FOR A BROWSER TEST; NOT FROM ANY BANK OR ACCOUNT',
    'Account No,0000000000000000',
    '',
    'Tran Date,Chq No,Particulars,Debit,Credit,Balance',
    `${day},,UPI/${utr}/CR/${member.name.toUpperCase()}/SBIN/member@oksbi,,"1,500.00","21,500.00"`,
    `${day},,CASH DEPOSIT-BY SELF,,"7,250.00","28,750.00"`,
    '',
  ].join('\n');

  await signInStaff(page, ADMIN, 'Admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Bank reconciliation' }).click();
  await expect(page.getByRole('heading', { name: 'Bank reconciliation' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a bank account' }).click();
  const accountName = `CSB current ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: 'Account name' }).fill(accountName);
  await page.getByRole('combobox', { name: 'Bank layout' }).click();
  await page.getByRole('option', { name: 'CSB Bank' }).click();
  await expect(page.getByText('Unverified')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Date format' })).toHaveValue('DD-MM-YYYY');
  await page.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByText('Bank account saved.')).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: 'csb-statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(statement),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('The first lines as these columns read them (2 lines in the file)')).toBeVisible();
  await expect(page.getByRole('cell', { name: utr, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Import statement' }).click();
  await expect(page.getByText('2 lines read, 2 new, 1 matched by UTR.')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Matched (1)', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `${receiptNumber} ${member.name}` })).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: new RegExp(`Undo the match of the line of .* with receipt ${receiptNumber.replace('/', '\\/')}`),
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bank credits not matched (1)' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'CASH DEPOSIT-BY SELF', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '₹7,250.00', exact: true })).toBeVisible();

  // The import's notification closes by itself; axe reads the screen without it fading over the tables.
  await expect(page.getByText('2 lines read, 2 new, 1 matched by UTR.')).toBeHidden({ timeout: 15_000 });
  for (const size of A11Y_WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectAccessible(page, `Bank reconciliation (${size.name})`);
  }
});
