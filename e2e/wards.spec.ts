import { expect, test, type APIRequestContext } from '@playwright/test';

import { A11Y_WIDTHS, ADMIN, expectAccessible, signInStaff } from './fixtures.ts';

/*
 * Wards and the ward leader (issue 28 item 7; decisions 0126, 0129 and 0136), at a 375 px phone
 * with axe-core: the dashboard filtered by ward, the admin's Wards screen with the ward-wise report,
 * the member list's ward filter, and a ward leader who signs in at the staff sign-in and sees only
 * their ward's members, with dues and a WhatsApp reminder, and their ward's report.
 */

const PHONE = A11Y_WIDTHS[1];
const suffix = Date.now().toString(36).slice(-5);
const WARD = `E2E Ward ${suffix}`;
const LEADER = { username: `leader${suffix}`, password: 'ward-leader-e2e-1' };

interface ListedMember {
  _id: string;
  name: string;
  mobile: string;
  parishNumber: string;
  alternateContact?: string | null;
  currentLocation?: string | null;
  email?: string | null;
  address?: string | null;
}

/** As the admin through the API: a ward, one demo member in it, and its ward leader. */
async function seedWard(request: APIRequestContext): Promise<ListedMember> {
  const login = await request.post('/api/auth/admin/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const headers = {
    authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
    'x-requested-with': 'fetch',
  };
  const ward = await request.post('/api/wards', { headers, data: { name: WARD } });
  expect(ward.status()).toBe(201);
  const wardId = ((await ward.json()) as { id: string }).id;
  const list = await request.get('/api/members?limit=10&sortBy=name&sortOrder=desc', { headers });
  const member = ((await list.json()) as { items: ListedMember[] }).items[0];
  if (!member) throw new Error('the demo parish has no members');
  const optional = (['alternateContact', 'currentLocation', 'email', 'address'] as const).filter(
    (field) => typeof member[field] === 'string' && member[field] !== '',
  );
  const moved = await request.put(`/api/members/${member._id}`, {
    headers,
    data: {
      name: member.name,
      mobile: member.mobile,
      parishNumber: member.parishNumber,
      ...Object.fromEntries(optional.map((field) => [field, member[field]])),
      wardId,
    },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  const leader = await request.post('/api/admin/users', {
    headers,
    data: { ...LEADER, name: `Leader ${suffix}`, role: 'ward_leader', wardId },
  });
  expect(leader.status(), await leader.text()).toBe(201);
  return member;
}

test.describe('[WARDS]', () => {
  test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

  test('the admin’s ward screen and member filter, then the ward leader’s own screen, at 375 px', async ({
    page,
    request,
  }) => {
    // Five screens with an axe scan each: 15 to 26 s measured alone for three, over the 30 s default once on a loaded machine.
    test.setTimeout(150_000);
    const member = await seedWard(request);

    await signInStaff(page, ADMIN, 'Admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // The dashboard's ward filter (decision 0136): every figure becomes the ward's (one member).
    const wardFigures = page.waitForResponse(
      (response) => response.url().includes('/api/admin/dashboard?wardId=') && response.ok(),
    );
    await page.getByRole('combobox', { name: 'Ward' }).selectOption({ label: WARD });
    const figures = (await (await wardFigures).json()) as { members: { total: number }; wardId?: string };
    expect(figures.members.total).toBe(1);
    expect(figures.wardId).toBeTruthy();
    await expect(page.getByText(`Showing the figures of ${WARD} only`)).toBeVisible();
    await expect(page.getByText('Total Members').locator('..')).toContainText('1');
    await expectAccessible(page, 'dashboard of one ward');

    await page.goto('/admin/wards');
    await expect(page.getByRole('heading', { level: 1, name: 'Wards' })).toBeVisible();
    const manage = page.getByRole('region', { name: 'Manage Wards' });
    await expect(manage.getByRole('row', { name: new RegExp(WARD) })).toContainText('1');
    const report = page.getByRole('region', { name: 'Ward-wise report' });
    // At 375 px the report is a card per ward (the table is for wider screens).
    const wardCard = report.getByRole('listitem').filter({ hasText: WARD });
    await expect(wardCard).toBeVisible();
    await expect(wardCard).toContainText(/Raised: ₹[\d,]+\.\d\d/);
    await expectAccessible(page, 'wards');

    await page.goto('/admin/members');
    await page.getByRole('combobox', { name: 'Ward' }).selectOption({ label: WARD });
    const card = page.getByRole('listitem').filter({ hasText: member.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Ward: ${WARD}`);
    await expectAccessible(page, 'members filtered by ward');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    // Signing out ends on the landing page by itself: wait for it before opening the sign-in page.
    await page.waitForURL((url) => url.pathname === '/');
    await signInStaff(page, LEADER, 'Admin');
    await expect(page).toHaveURL(/\/ward\/members$/);
    await expect(page.getByRole('heading', { level: 1, name: `My ward: ${WARD}` })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: member.name })).toBeVisible();
    // One member: their ward's, nobody else's.
    await expect(page.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: `Dues of ${member.name}` }).click();
    await expect(page.getByText(/Pending: ₹[\d,]+\.\d\d/)).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`${member.name}`) }).last()).toBeVisible();
    await expectAccessible(page, 'ward leader');

    // The navigation offers only their ward, their ward's report and their account.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link')).toHaveText(['My ward', 'Ward report', 'My account']);

    // Their ward's report (decision 0136): their ward's row only.
    const duesAnswer = page.waitForResponse((response) => response.url().includes('/api/reports/wards/dues'));
    await nav.getByRole('link', { name: 'Ward report' }).click();
    await expect(page).toHaveURL(/\/ward\/report$/);
    await expect(page.getByRole('heading', { level: 1, name: `Ward report: ${WARD}` })).toBeVisible();
    const ownReport = page.getByRole('region', { name: 'Ward-wise report' });
    await expect(ownReport.getByRole('listitem')).toHaveCount(1);
    await expect(ownReport.getByRole('listitem')).toContainText(WARD);
    await expect(ownReport.getByRole('listitem')).toContainText(/Collected: ₹[\d,]+\.\d\d/);
    // The member-due list of their ward: at most its one member, nobody of another ward.
    const owing = ((await (await duesAnswer).json()) as { items: { name: string }[] }).items;
    expect(owing.map((row) => row.name)).toEqual(owing.length === 0 ? [] : [member.name]);
    const duesList = page.getByRole('region', { name: 'Member-wise Due' });
    await expect(duesList.getByRole('listitem')).toHaveCount(owing.length);
    await expectAccessible(page, 'ward leader’s report');
  });
});
