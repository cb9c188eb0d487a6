import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ONBOARDING_MSG, type HeadTemplatesResult, type OnboardingStatus, type PaymentHeadList } from '@parish/shared';

import { systemContext } from '../../../src/context.ts';
import { queryRows } from '../../../src/db/client.ts';
import { runAsOwner, runInParish } from '../../../src/db/parish-scope.ts';
import { onboardingStatus, setOnboardingChoice } from '../../../src/modules/onboarding/onboarding.service.ts';
import { createMember, createTestApp, expectError, loginAs, type RoleSession, type TestApp } from '../../helpers.ts';

/*
 * The new parish checklist (issue 28 item 6, decision 0132): GET /api/onboarding derives each step
 * from the data, explicit choices are stored per parish, heads come from templates through the
 * head form's rules, and the completed checklist can be dismissed. The test clock starts on
 * 22/11/2026: financial year 2026-27.
 */

let t: TestApp;
let admin: RoleSession;
let cashier: RoleSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  session = admin,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: session.headers, ...(payload !== undefined && { payload }) });
}

async function ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

const status = () => ok<OnboardingStatus>(call('GET', '/api/onboarding'));
const stateOf = (answer: OnboardingStatus) => Object.fromEntries(answer.steps.map((s) => [s.step, s.state]));
const headCount = async () => (await ok<PaymentHeadList>(call('GET', '/api/payment-heads'))).total;

describe('the new parish checklist', () => {
  it('starts with every step todo on a fresh parish, and only admins reach it', async () => {
    const fresh = await status();
    expect(fresh.steps.map((s) => s.step)).toEqual([
      'details',
      'register',
      'heads',
      'upi',
      'gateway',
      'whatsapp',
      'reminders',
    ]);
    expect(fresh).toMatchObject({
      settled: 0,
      total: 7,
      progress: 0,
      complete: false,
      dismissed: false,
      financialYear: 2026,
    });
    expect(fresh.steps.every((s) => s.state === 'todo' && s.choice === null)).toBe(true);
    expect((await call('GET', '/api/onboarding', undefined, cashier)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/onboarding' })).statusCode).toBe(401);
  });

  it('refuses a choice that does not fit its step, an unknown step or choice, and dismissing too early', async () => {
    expectError(
      await call('PUT', '/api/onboarding/steps/upi/choice', { choice: 'off' }),
      400,
      'VALIDATION_FAILED',
      ONBOARDING_MSG.choiceNotForStep('upi', 'off'),
    );
    expectError(
      await call('PUT', '/api/onboarding/steps/gateway/choice', { choice: 'wa.me' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await call('PUT', '/api/onboarding/steps/banner/choice', { choice: 'skip' }), 400, 'VALIDATION_FAILED');
    expectError(await call('PUT', '/api/onboarding/steps/upi/choice', { choice: 'later' }), 400, 'VALIDATION_FAILED');
    expectError(await call('POST', '/api/onboarding/dismiss'), 409, 'CONFLICT', ONBOARDING_MSG.notComplete);
    const after = await status();
    expect(after.settled).toBe(0);
    const stored = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from onboarding_choices`);
    expect(stored[0]?.n).toBe(0);
  });

  it('creates the year’s heads from templates with the head form’s rules, all or none', async () => {
    const before = await headCount();
    expectError(
      await call('POST', '/api/onboarding/heads', { heads: [{ template: 'feast', amount: '' }] }),
      400,
      'VALIDATION_FAILED',
      ONBOARDING_MSG.noTemplates,
    );
    expectError(
      await call('POST', '/api/onboarding/heads', {
        heads: [
          { template: 'church_tax', amount: '1200' },
          { template: 'feast', amount: '-5' },
        ],
      }),
      400,
      'VALIDATION_FAILED',
      'Please enter a valid amount',
    );
    expectError(
      await call('POST', '/api/onboarding/heads', { heads: [{ template: 'church_tax', amount: '2,00,00,000' }] }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call('POST', '/api/onboarding/heads', {
        heads: [
          { template: 'feast', amount: 10 },
          { template: 'feast', amount: 20 },
        ],
      }),
      400,
      'VALIDATION_FAILED',
      ONBOARDING_MSG.templateTwice,
    );
    expect(await headCount()).toBe(before);
    expect(stateOf(await status()).heads).toBe('todo');

    const made = await ok<HeadTemplatesResult>(
      call('POST', '/api/onboarding/heads', {
        heads: [
          { template: 'church_tax', amount: '1,200.50' },
          { template: 'building_fund', amount: 500 },
          { template: 'feast', amount: null },
        ],
      }),
      201,
    );
    expect(made.created.map((h) => [h.name, h.amount, h.type, h.year, h.dueDate])).toEqual([
      ['Yearly church tax', 1200.5, 'current due', 2026, '2027-03-31'],
      ['Building fund', 500, 'current due', 2026, '2027-03-31'],
    ]);
    expect(await headCount()).toBe(before + 2);
    expect(stateOf(await status()).heads).toBe('done');
    const audit = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_events where action = 'payment_head.bulk_created'`,
    );
    expect(audit[0]?.n).toBe(1);

    // A second click makes no second church tax for the year.
    expectError(
      await call('POST', '/api/onboarding/heads', {
        heads: [
          { template: 'feast', amount: 300 },
          { template: 'church_tax', amount: 1200 },
        ],
      }),
      409,
      'CONFLICT',
      ONBOARDING_MSG.headExists('Yearly church tax', '2026-27'),
    );
    expect(await headCount()).toBe(before + 2);
    expect((await call('POST', '/api/onboarding/heads', { heads: [] }, cashier)).statusCode).toBe(403);
  });

  it('derives each step from the data and the explicit choices, to 100 %, then dismisses', async () => {
    await ok(
      call('PUT', '/api/settings', {
        name: 'St. Test Parish',
        address: 'Main Road, Pala',
        contact: '04822 212345',
        logoUrl: '',
      }),
    );
    await ok(call('PUT', '/api/office/upi', { vpa: 'sttest@sbi' }));
    let now = stateOf(await status());
    expect(now).toMatchObject({ details: 'done', upi: 'done', register: 'todo', gateway: 'todo', whatsapp: 'todo' });

    // The sandbox is not a gateway: the step waits for credentials or an explicit "off".
    const off = await ok<OnboardingStatus>(call('PUT', '/api/onboarding/steps/gateway/choice', { choice: 'off' }));
    expect(off.steps.find((s) => s.step === 'gateway')).toEqual({ step: 'gateway', state: 'done', choice: 'off' });
    const waMe = await ok<OnboardingStatus>(call('PUT', '/api/onboarding/steps/whatsapp/choice', { choice: 'wa.me' }));
    expect(stateOf(waMe).whatsapp).toBe('done');

    // Skipping, then changing one's mind.
    const skipped = await ok<OnboardingStatus>(
      call('PUT', '/api/onboarding/steps/register/choice', { choice: 'skip' }),
    );
    expect(stateOf(skipped).register).toBe('skipped');
    const undone = await ok<OnboardingStatus>(call('DELETE', '/api/onboarding/steps/register/choice'));
    expect(stateOf(undone).register).toBe('todo');

    const member = await createMember(t.app);
    now = stateOf(await status());
    expect(now.register).toBe('done');
    expect(now.reminders).toBe('todo');

    // The feast's head, tagged to every active member: the dues the first reminder round is about.
    const feast = await ok<HeadTemplatesResult>(
      call('POST', '/api/onboarding/heads', { heads: [{ template: 'feast', amount: '250' }], tagAllMembers: true }),
      201,
    );
    expect(feast.assigned).toBe(1);
    const dues = await queryRows<{ member_id: string; amount_paise: number; status: string }>(
      t.app.db,
      sql`select member_id::text, amount_paise::int, status::text from payments where payment_head_id = ${feast.created[0]?._id}::uuid`,
    );
    expect(dues).toEqual([{ member_id: member.id, amount_paise: 25_000, status: 'pending' }]);
    await ok(call('POST', '/api/admin/reminders/rounds'));
    const full = await status();
    expect(full).toMatchObject({ settled: 7, progress: 100, complete: true, dismissed: false });

    const dismissed = await ok<OnboardingStatus>(call('POST', '/api/onboarding/dismiss'));
    expect(dismissed.dismissed).toBe(true);
    expect((await status()).dismissed).toBe(true);
    await ok(call('POST', '/api/onboarding/dismiss'));
    const actions = await queryRows<{ action: string; n: number }>(
      t.app.db,
      sql`select action, count(*)::int as n from audit_events where entity_type = 'onboarding' group by action order by action`,
    );
    expect(actions).toEqual([
      { action: 'onboarding.choice_set', n: 4 },
      { action: 'onboarding.dismissed', n: 1 },
    ]);
  });

  it('keeps each parish’s choices to itself', async () => {
    await t.app.db.execute(
      sql`insert into parishes (id, name) overriding system value values (2, 'St. Other') on conflict do nothing`,
    );
    const ctx = { ...systemContext(t.app.deps), actor: null };
    const other = await runInParish(2, () => setOnboardingChoice(ctx, 'upi', 'skip'));
    expect(other.steps.find((s) => s.step === 'upi')?.state).toBe('skipped');
    expect(other.steps.find((s) => s.step === 'gateway')?.state).toBe('todo');
    expect(other.dismissed).toBe(false);
    const home = await status();
    expect(home.steps.find((s) => s.step === 'upi')).toMatchObject({ state: 'done', choice: null });
    // Every parish's rows, as the owner sees them: the one choice is parish 2's.
    const rows = await runAsOwner(() =>
      queryRows<{ parish_id: number }>(t.app.db, sql`select parish_id from onboarding_choices where step = 'upi'`),
    );
    expect(rows).toEqual([{ parish_id: 2 }]);
    expect((await runInParish(2, () => onboardingStatus(ctx))).settled).toBe(1);
  });
});
