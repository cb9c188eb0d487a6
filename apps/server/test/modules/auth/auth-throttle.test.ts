import { afterEach, describe, expect, it } from 'vitest';

import { ErrorCode, MSG } from '@parish/shared';

import {
  CHOSEN_PASSWORD_DELAY,
  SPRAY_BUDGET,
  THROTTLE_POLICIES,
  delayAfter,
} from '../../../src/modules/auth/login-throttle.ts';
import {
  TEST_ADMIN_PASSWORD,
  TEST_ADMIN_USERNAME,
  createMember,
  createTestApp,
  expectError,
  memberLoginRequest,
  staffLoginRequest,
  type TestApp,
} from '../../helpers.ts';

const TOO_MANY = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';
/** A member's lock says the reminder's payment link still works (AU-01). */
const MEMBER_LOCKED = MSG.memberLockedPayByLink;
const MINUTE = 60_000;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('sign-in throttling (AU-01, AU-03)', () => {
  it('the initial password locks after 10 failures; a chosen one waits 1 s after the 6th, doubling, at most 15 minutes', () => {
    expect(THROTTLE_POLICIES.initialPasswordAccount.maxFailures).toBe(10);
    const waits = Array.from({ length: 17 }, (_, i) => delayAfter(CHOSEN_PASSWORD_DELAY, i + 1) / 1000);
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(CHOSEN_PASSWORD_DELAY.windowMs).toBe(24 * 60 * MINUTE);
  });

  it('a member on the initial password is locked after 10 failures, even with the right password, for 24 hours', async () => {
    t = await createTestApp();
    const member = await createMember(t.app);
    for (let i = 0; i < 10; i += 1) {
      expectError(await memberLoginRequest(t.app, member.mobile, `wrong-${i}`), 401, ErrorCode.INVALID_CREDENTIALS);
    }
    expectError(
      await memberLoginRequest(t.app, member.mobile, member.password),
      429,
      ErrorCode.ACCOUNT_LOCKED,
      MEMBER_LOCKED,
    );

    t.clock.advance(24 * 60 * MINUTE - MINUTE);
    expectError(
      await memberLoginRequest(t.app, member.mobile, member.password),
      429,
      ErrorCode.ACCOUNT_LOCKED,
      MEMBER_LOCKED,
    );

    t.clock.advance(2 * MINUTE);
    const after = await memberLoginRequest(t.app, member.mobile, member.password);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('a member with a chosen password is delayed, never locked: 10 guesses by a neighbour cost the owner 16 s', async () => {
    t = await createTestApp();
    const member = await createMember(t.app, { password: 'my-own-password-9' });
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      answers.push((await memberLoginRequest(t.app, member.parishNumber, `wrong-${i}`)).statusCode);
      // The neighbour waits out each delay and guesses again.
      t.clock.advance(delayAfter(CHOSEN_PASSWORD_DELAY, i + 1));
    }
    expect(answers).toEqual(Array(10).fill(401));
    // Past the last wait (16 s after the 10th failure) the owner signs in.
    expect((await memberLoginRequest(t.app, member.parishNumber, member.password)).statusCode).toBe(200);

    // A guess during a wait answers 429 with the member's lock text, and is not counted.
    for (let i = 0; i < 6; i += 1) await memberLoginRequest(t.app, member.mobile, `wrong-${i}`);
    expectError(
      await memberLoginRequest(t.app, member.mobile, member.password),
      429,
      ErrorCode.ACCOUNT_LOCKED,
      MEMBER_LOCKED,
    );
    t.clock.advance(1_000);
    expect((await memberLoginRequest(t.app, member.mobile, member.password)).statusCode).toBe(200);
  });

  it('a persistent guesser on a chosen password waits at most 15 minutes a try', async () => {
    t = await createTestApp();
    const member = await createMember(t.app, { password: 'my-own-password-9' });
    for (let i = 0; i < 20; i += 1) {
      expectError(await memberLoginRequest(t.app, member.mobile, `wrong-${i}`), 401, ErrorCode.INVALID_CREDENTIALS);
      t.clock.advance(delayAfter(CHOSEN_PASSWORD_DELAY, i + 1));
    }
    expectError(await memberLoginRequest(t.app, member.mobile, 'wrong-20'), 401, ErrorCode.INVALID_CREDENTIALS);
    t.clock.advance(15 * MINUTE - 1000);
    expectError(await memberLoginRequest(t.app, member.mobile, member.password), 429, ErrorCode.ACCOUNT_LOCKED);
    t.clock.advance(1000);
    expect((await memberLoginRequest(t.app, member.mobile, member.password)).statusCode).toBe(200);
  });

  it('the mobile and parish-number paths share one lock, whatever the mobile format', async () => {
    t = await createTestApp();
    const member = await createMember(t.app, { mobile: '919847012345', parishNumber: 'SM42' });
    const identifiers = ['9847012345', '+91 98470 12345', '09847012345', 'sm42', 'SM42'];
    for (let i = 0; i < 10; i += 1) {
      const identifier = identifiers[i % identifiers.length] ?? 'SM42';
      expectError(await memberLoginRequest(t.app, identifier, `wrong-${i}`), 401, ErrorCode.INVALID_CREDENTIALS);
    }
    for (const identifier of ['919847012345', ...identifiers]) {
      expectError(
        await memberLoginRequest(t.app, identifier, member.password),
        429,
        ErrorCode.ACCOUNT_LOCKED,
        MEMBER_LOCKED,
      );
    }
  });

  it('locking one member does not lock another', async () => {
    t = await createTestApp();
    const victim = await createMember(t.app);
    const other = await createMember(t.app);
    for (let i = 0; i < 10; i += 1) await memberLoginRequest(t.app, victim.mobile, `wrong-${i}`);
    expectError(await memberLoginRequest(t.app, victim.mobile, victim.password), 429, ErrorCode.ACCOUNT_LOCKED);
    expect((await memberLoginRequest(t.app, other.mobile, other.password)).statusCode).toBe(200);
  });

  it('a successful sign-in clears the count', async () => {
    t = await createTestApp();
    const member = await createMember(t.app);
    for (let i = 0; i < 9; i += 1) await memberLoginRequest(t.app, member.mobile, `wrong-${i}`);
    expect((await memberLoginRequest(t.app, member.mobile, member.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) await memberLoginRequest(t.app, member.mobile, `wrong-${i}`);
    expect((await memberLoginRequest(t.app, member.mobile, member.password)).statusCode).toBe(200);
  });

  it('failures older than the window do not add up', async () => {
    t = await createTestApp();
    const member = await createMember(t.app, { password: 'my-own-password-9' });
    for (let i = 0; i < 5; i += 1) await memberLoginRequest(t.app, member.mobile, `wrong-${i}`);
    t.clock.advance(CHOSEN_PASSWORD_DELAY.windowMs + 1000);
    // Five free failures again: the sixth would have set a wait.
    for (let i = 0; i < 5; i += 1) await memberLoginRequest(t.app, member.mobile, `wrong-${i}`);
    expect((await memberLoginRequest(t.app, member.mobile, member.password)).statusCode).toBe(200);
  });

  it('a staff account is delayed after 5 failures, even with the right password, never locked', async () => {
    t = await createTestApp();
    for (let i = 0; i < 6; i += 1) {
      expectError(
        await staffLoginRequest(t.app, TEST_ADMIN_USERNAME, `wrong-${i}`),
        401,
        ErrorCode.INVALID_CREDENTIALS,
      );
    }
    expectError(
      await staffLoginRequest(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD),
      429,
      ErrorCode.ACCOUNT_LOCKED,
      TOO_MANY,
    );
    // The delay is on the account, whatever the username's case.
    expectError(await staffLoginRequest(t.app, 'ADMIN', TEST_ADMIN_PASSWORD), 429, ErrorCode.ACCOUNT_LOCKED);
    t.clock.advance(1_000);
    expectError(await staffLoginRequest(t.app, TEST_ADMIN_USERNAME, 'wrong-6'), 401, ErrorCode.INVALID_CREDENTIALS);
    t.clock.advance(2_000 - 1);
    expectError(
      await staffLoginRequest(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD),
      429,
      ErrorCode.ACCOUNT_LOCKED,
    );
    t.clock.advance(1);
    const after = await staffLoginRequest(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('an unknown username or member is delayed exactly like an account, so the delay tells nothing', async () => {
    t = await createTestApp();
    const member = await createMember(t.app, { password: 'my-own-password-9' });
    const sequence = async (attempt: (i: number) => Promise<{ statusCode: number }>) => {
      const codes: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        codes.push((await attempt(i)).statusCode);
        if (i === 6) t?.clock.advance(1_000);
      }
      return codes;
    };
    const expected = [401, 401, 401, 401, 401, 401, 429, 401];
    expect(await sequence((i) => staffLoginRequest(t!.app, 'ghost', `wrong-${i}`))).toEqual(expected);
    expect(await sequence((i) => staffLoginRequest(t!.app, TEST_ADMIN_USERNAME, `wrong-${i}`))).toEqual(expected);
    expect(await sequence((i) => memberLoginRequest(t!.app, '9800000000', `wrong-${i}`))).toEqual(expected);
    expect(await sequence((i) => memberLoginRequest(t!.app, member.mobile, `wrong-${i}`))).toEqual(expected);
    // One more failure each (their waits ran out meanwhile): the wait answers with each side's text.
    await staffLoginRequest(t.app, 'ghost', 'wrong-8');
    await memberLoginRequest(t.app, '9800000000', 'wrong-8');
    expectError(await staffLoginRequest(t.app, 'ghost', 'anything'), 429, ErrorCode.ACCOUNT_LOCKED, TOO_MANY);
    expectError(
      await memberLoginRequest(t.app, '9800000000', 'anything'),
      429,
      ErrorCode.ACCOUNT_LOCKED,
      MEMBER_LOCKED,
    );
  });
});

describe('AU-05 spraying budget: many accounts, few guesses each', () => {
  it('40 accounts × 1 guess from 4 addresses: the spraying addresses are slowed, a member elsewhere signs in, no account is locked', async () => {
    t = await createTestApp();
    const accounts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createMember(t!.app, { password: `chosen-password-${i}` })),
    );
    const sprayers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    const answers: number[] = [];
    for (const [i, account] of accounts.entries()) {
      const response = await memberLoginRequest(t.app, account.mobile, 'Password@123', sprayers[i % 4]);
      answers.push(response.statusCode);
    }
    // The budget (30 failures in 15 minutes) is spent after 30 guesses; from then on each sprayer,
    // past its 5 free failures, waits.
    expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(SPRAY_BUDGET.globalFailures + 4);
    expect(answers.slice(-4)).toEqual([429, 429, 429, 429]);
    for (const ip of sprayers) {
      const next = await memberLoginRequest(t.app, accounts[0]!.mobile, accounts[0]!.password, ip);
      expectError(next, 429, ErrorCode.ACCOUNT_LOCKED, MEMBER_LOCKED);
    }
    // A member at home, and every sprayed account from there: nothing is locked for them.
    const home = '198.51.100.7';
    for (const account of accounts.slice(0, 3)) {
      const response = await memberLoginRequest(t.app, account.mobile, account.password, home);
      expect(response.statusCode, response.body).toBe(200);
    }
    // The delay ends: 15 minutes at most.
    t.clock.advance(SPRAY_BUDGET.maxDelayMs + 1000);
    expect((await memberLoginRequest(t.app, accounts[5]!.mobile, accounts[5]!.password, sprayers[0])).statusCode).toBe(
      200,
    );
  });

  it('a member mistyping a few times is never slowed, however busy the parish', async () => {
    t = await createTestApp();
    const member = await createMember(t.app, { password: 'my-own-password-9' });
    for (let i = 0; i < SPRAY_BUDGET.globalFailures + 5; i += 1) {
      await memberLoginRequest(t.app, `98000000${String(i).padStart(2, '0')}`, 'x', `192.0.2.${i + 1}`);
    }
    for (let i = 0; i < SPRAY_BUDGET.freeFailures; i += 1) {
      expectError(
        await memberLoginRequest(t.app, member.mobile, `typo-${i}`, '198.51.100.9'),
        401,
        ErrorCode.INVALID_CREDENTIALS,
      );
    }
    expect((await memberLoginRequest(t.app, member.mobile, member.password, '198.51.100.9')).statusCode).toBe(200);
  });
});
