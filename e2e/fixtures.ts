import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** Sign-ins of the demo parish (apps/server/scripts/demo.ts) and the e2e admin. */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
export const CASHIER = { username: 'cashier', password: 'cashier-demo-1' };
export const MEMBER = {
  name: 'Thomas Mathew',
  mobile10: '9847012345',
  mobile12: '919847012345',
  parishNumber: 'SM001',
  password: 'Thom2345',
};

/** Signs in on the staff login screen with the given portal toggle. */
export async function signInStaff(
  page: Page,
  who: { username: string; password: string },
  portal: 'Admin' | 'Cashier',
) {
  await page.goto('/admin/login');
  if (portal === 'Cashier') await page.getByText('Cashier', { exact: true }).click();
  await page.getByLabel(/^Username/).fill(who.username);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: `Access ${portal} Dashboard` }).click();
}

/** Signs in on the member login screen with a mobile number or parish number. */
export async function signInMember(page: Page, identifier: string, mode: 'Mobile Number' | 'Parish Number') {
  await page.goto('/customer/login');
  if (mode === 'Parish Number') await page.getByText('Parish Number', { exact: true }).first().click();
  await page.getByRole('textbox', { name: new RegExp(mode) }).fill(identifier);
  await page.getByLabel(/^Password/).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
}

/** Page widths every screen is checked at: the office desktop and a 375 px phone. */
export const A11Y_WIDTHS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** The axe-core impacts that fail a screen (`docs/domain.md`, §2 "Accessibility"). */
const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

/** One screen's axe findings: the rule ids with their impacts and how many nodes each failed. */
export interface A11yFindings {
  critical: number;
  serious: number;
  rules: { id: string; impact: string; nodes: number; target: string }[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on what the page shows now, an open dialog
 * included, and counts the critical and serious findings.
 */
export async function axeFindings(page: Page): Promise<A11yFindings> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const rules = result.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      nodes: violation.nodes.length,
      target: violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | '),
    }));
  const count = (impact: string) =>
    rules.filter((rule) => rule.impact === impact).reduce((sum, rule) => sum + rule.nodes, 0);
  return { critical: count('critical'), serious: count('serious'), rules };
}

/**
 * The accessibility check every screen and dialog passes: axe-core finds nothing critical or
 * serious. Call it once the screen (or dialog) has drawn its content; `screen` names it in the
 * failure message. Set `A11Y_LOG=<file>` to append every screen's counts and rules to that file
 * as JSON lines (the before/after figures).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Let opening transitions (Mantine modals fade in for 200 ms) finish so contrast reads final colours.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  // A dialog opened by Mantine's modals manager starts at opacity 0 one frame before its transition
  // runs, so the wait above can pass while it is still transparent: wait until every dialog is
  // fully drawn, or axe measures the contrast of text not yet shown.
  // A closing dialog's overlay fading out over the next one is waited for the same way.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[role="dialog"]')].every((dialog) => {
        for (let node: Element | null = dialog; node; node = node.parentElement) {
          if (Number(getComputedStyle(node).opacity) < 1) return false;
        }
        return true;
      }) &&
      [...document.querySelectorAll('.mantine-Modal-overlay, .mantine-Drawer-overlay')].every(
        (overlay) => Number(getComputedStyle(overlay).opacity) === 1,
      ),
  );
  const findings = await axeFindings(page);
  const width = page.viewportSize()?.width ?? 0;
  if (process.env.A11Y_LOG) {
    const { appendFile } = await import('node:fs/promises');
    await appendFile(process.env.A11Y_LOG, `${JSON.stringify({ screen, width, ...findings })}\n`);
  }
  expect.soft(findings.rules, `${screen} at ${width} px: axe-core critical/serious findings`).toEqual([]);
}

/**
 * The code an authenticator app shows for a base32 TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s),
 * `steps` 30-second steps from now, computed with the same library the server uses.
 */
export function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

/**
 * A new cashier with two-step sign-in on, made through the API as the admin (`docs/domain.md`,
 * "Two-step sign-in for staff"): its username, password and TOTP secret. Its next code must come
 * from a later step than the one used to turn it on (`totpCode(secret, 1)`).
 */
export async function cashierWithTwoStep(
  request: APIRequestContext,
): Promise<{ username: string; password: string; secret: string }> {
  const login = await request.post('/api/auth/admin/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const who = { username: `twostep${Date.now().toString(36)}`, password: 'two-step-cashier-1' };
  const created = await request.post('/api/admin/users', {
    headers: admin,
    data: { ...who, name: `Two Step ${who.username.slice(-4)}`, role: 'cashier' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const session = await request.post('/api/auth/admin/login', { data: who });
  const headers = { authorization: `Bearer ${((await session.json()) as { token: string }).token}` };
  const setup = await request.post('/api/auth/two-step/setup', { headers });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await request.post('/api/auth/two-step/enable', { headers, data: { code: totpCode(secret) } });
  expect(enable.ok(), await enable.text()).toBe(true);
  return { ...who, secret };
}

/**
 * A new member made through the admin API for a test that changes their password (the demo
 * members stay as they are). Mobile `91<mobilePrefix>` + digits of the time, parish number
 * `<parishPrefix>` + 6 digits of the time.
 * @returns the member's id and parish number.
 */
export async function createMemberByApi(
  request: APIRequestContext,
  member: { name: string; parishPrefix: string; mobilePrefix: string },
): Promise<{ _id: string; parishNumber: string }> {
  const login = await request.post('/api/auth/admin/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const suffix = String(Date.now()).slice(-6);
  const created = await request.post('/api/members', {
    headers,
    data: {
      name: member.name,
      mobile: `91${member.mobilePrefix}${suffix}0`.slice(0, 12),
      parishNumber: `${member.parishPrefix}${suffix}`,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { _id: string; parishNumber: string };
}

/** A member made by {@link memberWithDues}: ids, names and sign-in, and their heads (one due each). */
export interface MemberWithDues {
  memberId: string;
  name: string;
  parishNumber: string;
  mobile: string;
  /** The initial password, as the Login Credentials view shows it. */
  password: string;
  heads: { _id: string; name: string; amount: number }[];
}

let madeMembers = 0;

/**
 * A new member with three dues, made through the admin API for a test that opens, collects or
 * changes them (the demo members stay as the other specs expect): an arrear of 2025 (₹500), a
 * current due of 2026 (₹1,500) and a variable miscellaneous head (at least ₹300). `prefix` (letters)
 * starts the member's and the heads' names, so each test's are its own.
 */
export async function memberWithDues(request: APIRequestContext, prefix: string): Promise<MemberWithDues> {
  const login = await request.post('/api/auth/admin/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  madeMembers += 1;
  const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0') + String(madeMembers % 100).padStart(2, '0');
  const person = {
    name: `${prefix} Family ${stamp}`,
    mobile: `97${stamp}`,
    parishNumber: `${prefix.slice(0, 3).toUpperCase()}${stamp}`,
  };
  const created = await request.post('/api/members', { headers, data: person });
  expect(created.ok(), await created.text()).toBe(true);
  const memberId = ((await created.json()) as { _id: string })._id;
  const dues = [
    { name: `${prefix} Arrears ${stamp}`, amount: 500, type: 'arrear', year: 2025 },
    { name: `${prefix} Church Tax ${stamp}`, amount: 1500, type: 'current due', year: 2026 },
    { name: `${prefix} Fund ${stamp}`, amount: 300, type: 'miscellaneous', year: 2026, variable_amount: true },
  ];
  const heads: MemberWithDues['heads'] = [];
  for (const due of dues) {
    const head = await request.post('/api/payment-heads', { headers, data: due });
    expect(head.ok(), await head.text()).toBe(true);
    const { _id } = (await head.json()) as { _id: string };
    const tagged = await request.post('/api/payments/assign', {
      headers,
      data: { paymentHeadId: _id, assignments: [{ memberId }] },
    });
    expect(tagged.ok(), await tagged.text()).toBe(true);
    heads.push({ _id, name: due.name, amount: due.amount });
  }
  const credentials = await request.get(`/api/admin/members/${memberId}/credentials`, { headers });
  expect(credentials.ok(), await credentials.text()).toBe(true);
  const { password } = (await credentials.json()) as { password: string };
  return { memberId, ...person, password, heads };
}

/** Signs a staff member in through the API (`POST /api/auth/admin/login`). @returns the access token. */
export async function apiToken(
  request: APIRequestContext,
  who: { username: string; password: string },
): Promise<string> {
  const response = await request.post('/api/auth/admin/login', { data: who });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/**
 * A cashier of the calling test's own (`<prefix>cashier<stamp>`, named "<Prefix> Cashier <stamp>"),
 * made through the admin API, so that closing their day does not close the demo cashier's.
 */
export async function ownCashier(
  request: APIRequestContext,
  prefix: string,
  stamp: string,
): Promise<{ username: string; password: string; name: string }> {
  const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const cashier = {
    username: `${prefix.toLowerCase()}cashier${stamp}`,
    password: `${prefix}-Cashier-1`,
    name: `${prefix} Cashier ${stamp}`,
  };
  const made = await request.post('/api/admin/users', { headers: admin, data: { ...cashier, role: 'cashier' } });
  expect(made.ok(), await made.text()).toBe(true);
  return cashier;
}

/** The signed-in cashier closes their day on My Collections, counting `notes500` ₹500 notes. */
export async function closeDayInBrowser(page: Page, notes500: number): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'My Collections' }).click();
  await page
    .getByRole('region', { name: /^Day sheet of / })
    .getByRole('button', { name: 'Close day' })
    .click();
  const close = page.getByRole('dialog', { name: 'Close day' });
  await close.getByRole('textbox', { name: '₹500 notes' }).fill(String(notes500));
  await close.getByRole('button', { name: 'Close day' }).click();
  await expect(page.getByText('The day is closed.')).toBeVisible();
}

/**
 * Signs the staff member of `page` out, the e2e admin in, and opens Bank deposits by its address
 * (as the accessibility suite opens screens: no pointer resting on the menu).
 * @returns the "Not yet deposited" table
 */
export async function adminOnDeposits(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  // Signing out ends on the landing page by itself: wait for it before opening the sign-in page.
  await page.waitForURL((url) => url.pathname === '/');
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Bank deposits' })).toBeVisible();
  await page.goto('/admin/deposits');
  return page.getByRole('table', { name: 'Not yet deposited' });
}
