import { expect, test, type Page } from '@playwright/test';

import {
  A11Y_WIDTHS,
  adminOnDeposits,
  ADMIN,
  apiToken,
  CASHIER,
  closeDayInBrowser,
  expectAccessible,
  memberWithDues,
  ownCashier,
  signInStaff,
} from './fixtures.ts';

/*
 * Bank reconciliation (issue 30 item 4, decision 0149; docs/domain.md, "Bank-statement
 * reconciliation"), in the browser on the production build: a UPI payment collected at the counter
 * with its UTR; the admin adds a CSB Bank account from its (unverified) preset, previews and imports
 * a made-up statement holding that UPI credit and a cash deposit; the UPI credit is matched by UTR,
 * the cash deposit listed unmatched; axe finds nothing serious at the desktop and at 375 px.
 * Then the done-when of issue 30 item 4 (decision 0152): a cashier collects cash and a UPI payment
 * with its UTR and closes the day, the admin makes the day's deposit slip, uploads a statement
 * holding the slip's credit (its slip number in the narration), the UPI credit and one unrelated
 * credit, and sees two reconciled and one unmatched.
 */

/** A made-up CSB Bank statement (its preset's layout) of `lines`, rows of "date,chq no,particulars,debit,credit,balance". */
function csbStatement(lines: string[]): Buffer {
  return Buffer.from(
    [
      'CSB BANK LTD - STATEMENT OF ACCOUNT',
      'MADE-UP SAMPLE STATEMENT FOR A BROWSER TEST; NOT FROM ANY BANK OR ACCOUNT',
      'Account No,0000000000000000',
      '',
      'Tran Date,Chq No,Particulars,Debit,Credit,Balance',
      ...lines,
      '',
    ].join('\n'),
  );
}

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
  // An account, a preview, an import and two axe runs: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
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
  const statement = csbStatement([
    `${day},,UPI/${utr}/CR/${member.name.toUpperCase()}/SBIN/member@oksbi,,"1,500.00","21,500.00"`,
    `${day},,CASH DEPOSIT-BY SELF,,"7,250.00","28,750.00"`,
  ]);

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
    buffer: statement,
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('The first lines as these columns read them (2 lines in the file)')).toBeVisible();
  await expect(page.getByRole('cell', { name: utr, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Import statement' }).click();
  await expect(page.getByText('2 lines read, 2 new, 1 matched.')).toBeVisible();

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
  await expect(page.getByText('2 lines read, 2 new, 1 matched.')).toBeHidden({ timeout: 15_000 });
  for (const size of A11Y_WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectAccessible(page, `Bank reconciliation (${size.name})`);
  }
});

/** Opens Collect on `head` of the member named `name`, on View/Collect Payments. */
async function openCollect(page: Page, name: string, head: string) {
  await page.getByRole('navigation').getByRole('link', { name: 'View/Collect Payments' }).click();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(name);
  await page.getByRole('button', { name: `View payments of ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Payment Summary' })
    .getByRole('button', { name: `Collect ${head}` })
    .click();
  return page.getByRole('dialog', { name: 'Collect Payment' });
}

/** Confirms the open Collect Payment dialog and closes what follows it. */
async function confirmCollection(page: Page) {
  await page
    .getByRole('dialog', { name: 'Collect Payment' })
    .getByRole('button', { name: 'Confirm Collection' })
    .click();
  await page.getByRole('dialog', { name: 'Collection Complete' }).getByRole('button', { name: 'OK' }).click();
  await page.keyboard.press('Escape');
}

test('close a day, make its deposit slip, upload a statement with the deposit and a UPI credit: both reconciled, one line unmatched', async ({
  page,
  request,
}) => {
  // Two sign-ins, two collections, a day close, a slip, an upload and two axe runs.
  test.setTimeout(180_000);
  const stamp = `${Date.now() % 1_000_000}`;
  // A cashier of this test's own, so closing their day does not close the demo cashier's.
  const cashier = await ownCashier(request, 'Recon', stamp);
  const family = await memberWithDues(request, 'Recon');
  const [arrear, tax] = family.heads;
  const utr = `6${String(Date.now()).slice(-11)}`;
  const slipNumber = `PS${stamp}`;
  const accountName = `Federal current ${stamp}`;

  // The cashier collects the ₹500 arrear in cash and the ₹1,500 tax by UPI with its UTR, then closes the day.
  await signInStaff(page, cashier, 'Cashier');
  await openCollect(page, family.name, arrear!.name);
  await confirmCollection(page);
  const upi = await openCollect(page, family.name, tax!.name);
  await upi.getByLabel('Payment Method', { exact: true }).click();
  await page.getByRole('option', { name: 'Direct Collection - UPI' }).click();
  await upi.getByRole('textbox', { name: /^UTR/ }).fill(utr);
  await confirmCollection(page);
  await closeDayInBrowser(page, 1);

  // The admin makes the day's deposit slip: its cash into the Federal Bank account, with a slip number.
  const pending = await adminOnDeposits(page);
  await pending.getByRole('checkbox', { name: new RegExp(`Put the cash of Recon Cashier ${stamp}`) }).check();
  await expect(page.getByText('Selected for the slip: ₹500.00')).toBeVisible();
  await page.getByRole('textbox', { name: 'Bank account' }).fill(accountName);
  await page.getByRole('textbox', { name: 'Slip number' }).fill(slipNumber);
  await page.getByRole('button', { name: 'Make deposit slip' }).click();
  await expect(page.getByText(`Deposit slip ${slipNumber} recorded: ₹500.00.`)).toBeVisible();

  // The same account on Bank reconciliation, and a made-up statement: the slip's credit, the UPI credit, one other.
  await page.getByRole('navigation').getByRole('link', { name: 'Bank reconciliation' }).click();
  await expect(page.getByRole('heading', { name: 'Bank reconciliation' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a bank account' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill(accountName);
  await page.getByRole('combobox', { name: 'Bank layout' }).click();
  await page.getByRole('option', { name: 'CSB Bank' }).click();
  await page.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByText('Bank account saved.')).toBeVisible();
  const day = todayAsBankPrints();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'csb-statement.csv',
    mimeType: 'text/csv',
    buffer: csbStatement([
      `${day},,BY CASH ${slipNumber} ST MARYS CHURCH,,500.00,"20,500.00"`,
      `${day},,UPI/${utr}/CR/${family.name.toUpperCase()}/SBIN/member@oksbi,,"1,500.00","22,000.00"`,
      `${day},,NEFT CR-DIOCESE OF KOTTAYAM-GRANT ${stamp},,"3,333.00","25,333.00"`,
    ]),
  });
  await page.getByRole('button', { name: 'Import statement' }).click();
  await expect(page.getByText('3 lines read, 3 new, 2 matched.')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Matched (2)', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(`^Deposit slip ${slipNumber} \\d`) })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^By slip number, / })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^By UTR, / })).toHaveCount(1);
  await expect(page.getByRole('cell', { name: new RegExp(`^\\S+ ${family.name}`) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bank credits not matched (1)' })).toBeVisible();
  await expect(
    page.getByRole('cell', { name: `NEFT CR-DIOCESE OF KOTTAYAM-GRANT ${stamp}`, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deposit slips not found on the statement (0)' })).toBeVisible();

  await expect(page.getByText('3 lines read, 3 new, 2 matched.')).toBeHidden({ timeout: 15_000 });
  for (const size of A11Y_WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectAccessible(page, `Bank reconciliation with a deposit slip (${size.name})`);
  }
});
