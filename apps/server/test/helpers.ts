import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

import { initialMemberPassword, type ErrorBody, type SessionUser } from '@parish/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { expect } from 'vitest';

import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { queryRows, type Database, type Db } from '../src/db/client.ts';
import { runAsOwner, runInParish } from '../src/db/parish-scope.ts';
import { members, staffUsers } from '../src/db/schema/index.ts';
import type { Clock } from '../src/lib/clock.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { systemContext } from '../src/context.ts';
import { REFRESH_COOKIE } from '../src/modules/auth/auth.routes.ts';
import { forgetParishHosts, registerParishHost } from '../src/modules/parishes/parish-hosts.ts';
import { syncParishTimezone } from '../src/modules/reports/parish-calendar.ts';
import { ensureParishSettings } from '../src/modules/settings/settings.service.ts';
import { ensureFirstAdmin } from '../src/modules/users/users.service.ts';
import { startWorkers, workerFlagsOf, type WorkerHandle } from '../src/workers/index.ts';
import { openTestDatabase } from './test-database.ts';

/** The JWT secret of every test app (fixed, so tests can sign their own tokens with it). */
export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
/** The first admin of every test app. */
export const TEST_ADMIN_USERNAME = 'admin';
/** The first admin's password (`ADMIN_PASSWORD`). */
export const TEST_ADMIN_PASSWORD = 'Admin-Test-Password-1';
/** The parish name a test app starts with (`PARISH_NAME`). */
export const TEST_PARISH_NAME = 'St. Test Parish';
/** The public origin of test apps (`PUBLIC_URL`). */
export const TEST_PUBLIC_URL = 'http://localhost:3000';
/** The instant every test clock starts at. */
export const TEST_START = new Date('2026-11-22T05:30:00.000Z');

/** A clock the test moves by hand; the app reads "now" from it (tokens, throttles, sessions). */
export class TestClock implements Clock {
  private current: number;

  constructor(start: Date | string = TEST_START) {
    this.current = new Date(start).getTime();
  }

  /** The clock's current instant. */
  now(): Date {
    return new Date(this.current);
  }

  /** Sets the clock to an instant. */
  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }

  /** Moves the clock forward (or back, for a negative value) by milliseconds. */
  advance(ms: number): void {
    this.current += ms;
  }
}

/** A built application on a fresh database, with its clock. */
export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  database: Database;
  db: Db;
  config: Config;
  engine: 'pglite' | 'postgres';
  /** The background workers started with `workers: true` (as `src/server.ts` starts them), else null. */
  workers: WorkerHandle | null;
  /** Stops the workers, closes the app and drops its database. */
  close(): Promise<void>;
}

/** Options of {@link createTestApp}. */
export interface CreateTestAppOptions {
  /** Extra environment variables for `loadConfig`. */
  env?: Record<string, string>;
  /** Fields of the built configuration to override. */
  config?: Partial<Config>;
  /** Where the clock starts (default {@link TEST_START}). */
  now?: Date | string;
  /** Passed to `buildApp`: sees every registered route. */
  onRouteRegistered?: (route: RouteOptions) => void;
  /** Passed to `buildApp`: more routes. */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
  /**
   * Starts the background workers after the app is built, the way `src/server.ts` does
   * (`startWorkers` with the configuration's flags); they are stopped on close. Default false:
   * only tests of background work (WhatsApp sending, the event relay) need them.
   */
  workers?: boolean;
  /** Passed to `buildApp`: Pino options (e.g. a `stream` to read the log), default none. */
  logger?: object;
}

/**
 * The configuration of a test app, made by `loadConfig` from a fixed environment: a known JWT
 * secret and first admin, silent logs, a high global rate limit, and no web app.
 */
export function testConfig(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Config {
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'parish-test-data'),
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_USERNAME: TEST_ADMIN_USERNAME,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    PARISH_NAME: TEST_PARISH_NAME,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    // The suites pay through the sandbox gateways; without it a gateway with no credentials is off.
    PAYMENTS_SANDBOX: 'true',
    ...env,
  });
  return { ...config, webDistDir: null, ...overrides };
}

/**
 * Builds the app (`buildApp`, logger off) on a fresh migrated database: PGlite from the global
 * template, or a new database on `TEST_DATABASE_URL`. The first admin exists
 * ({@link TEST_ADMIN_USERNAME} / {@link TEST_ADMIN_PASSWORD}).
 * @throws whatever `buildApp` throws; the database is dropped first.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env, options.config);
  const clock = new TestClock(options.now);
  const testDatabase = await openTestDatabase();
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database: testDatabase.database,
      clock,
      logger: options.logger ?? false,
      ...(options.onRouteRegistered && { onRouteRegistered: options.onRouteRegistered }),
      ...(options.extraRoutes && { extraRoutes: options.extraRoutes }),
    });
  } catch (error) {
    await testDatabase.drop();
    throw error;
  }
  const workers = options.workers ? await startWorkers(app.deps, workerFlagsOf(config)) : null;
  return {
    app,
    clock,
    database: testDatabase.database,
    db: testDatabase.database.db,
    config,
    engine: testDatabase.engine,
    workers,
    async close() {
      await workers?.stop();
      await app.close();
      await testDatabase.drop();
    },
  };
}

/** A signed-in caller: the access token, the refresh cookie's value and the user. */
export interface Session {
  token: string;
  refreshToken: string;
  user: SessionUser;
  /** `{ authorization: 'Bearer …' }` for `app.inject`. */
  headers: { authorization: string; host?: string };
}

/** `{ authorization: 'Bearer <token>' }`, with the host of {@link inParish} when in one. */
export function bearer(token: string): { authorization: string; host?: string } {
  return { authorization: `Bearer ${token}`, ...hostHeader() };
}

/** The host {@link inParish} runs its work at, for the requests the helpers make. */
const testHosts = new AsyncLocalStorage<string>();

/** `{ host }` inside {@link inParish}, else nothing (the default host, the home parish). */
export function hostHeader(): { host?: string } {
  const host = testHosts.getStore();
  return host ? { host } : {};
}

/**
 * Runs `work` in parish `parishId` (`runInParish`: the test's direct statements, such as
 * `createMember`'s insert, are that parish's) and makes the helpers' requests (sign-ins, and the
 * sessions' `headers`) name `host`, one of that parish's hosts.
 */
export function inParish<T>(parishId: number, host: string, work: () => Promise<T>): Promise<T> {
  return runInParish(parishId, () => testHosts.run(host, work));
}

/**
 * Adds a parish to a test app's database the way a new parish starts (issue 28): the `parishes`
 * row (as the owner), its settings row and time zone, its first admin ({@link TEST_ADMIN_USERNAME}
 * / {@link TEST_ADMIN_PASSWORD}, as the home parish's), and its hosts. Registering the first host
 * makes the server answer registered hosts only: register the home parish's too (`registerParishHost`).
 * @returns the new parish's id
 */
export async function addParish(t: TestApp, name: string, hosts: string[]): Promise<number> {
  const [row] = await runAsOwner(() =>
    queryRows<{ id: number }>(t.db, sql`INSERT INTO parishes (name) VALUES (${name}) RETURNING id`),
  );
  if (!row) throw new Error('no parish was made');
  await runInParish(row.id, async () => {
    await ensureParishSettings(t.db, name);
    await syncParishTimezone(systemContext(t.app.deps), { timezone: t.config.parishTimezone });
    await ensureFirstAdmin(t.db, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
  });
  forgetParishHosts(t.db);
  for (const host of hosts) await registerParishHost(t.db, row.id, host);
  return row.id;
}

/**
 * The value of the refresh cookie a response sets, or undefined: `parish_refresh`, or
 * `__Secure-parish_refresh` when the app's PUBLIC_URL is https.
 */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE || c.name === `__Secure-${REFRESH_COOKIE}`);
  return cookie?.value || undefined;
}

function sessionOf(response: LightMyRequestResponse, what: string): Session {
  if (response.statusCode !== 200) {
    throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ token: string; user: SessionUser }>();
  const refreshToken = refreshCookieOf(response);
  if (!refreshToken) throw new Error(`${what} set no refresh cookie`);
  return { token: body.token, refreshToken, user: body.user, headers: bearer(body.token) };
}

/** `POST /api/auth/admin/login`; the raw response. */
export function staffLoginRequest(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/admin/login',
    headers: hostHeader(),
    payload: { username, password },
    ...(remoteAddress && { remoteAddress }),
  });
}

/** `POST /api/auth/customer/login`; the raw response. */
export function memberLoginRequest(
  app: FastifyInstance,
  identifier: string,
  password: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    headers: hostHeader(),
    payload: { identifier, password },
    ...(remoteAddress && { remoteAddress }),
  });
}

/**
 * Signs a staff account in.
 * @throws Error with the response when the sign-in is not a 200.
 */
export async function loginStaff(app: FastifyInstance, username: string, password: string): Promise<Session> {
  return sessionOf(await staffLoginRequest(app, username, password), `staff login of ${username}`);
}

/**
 * Signs a member in by any identifier (mobile or parish number).
 * @throws Error with the response when the sign-in is not a 200.
 */
export async function loginMember(app: FastifyInstance, identifier: string, password: string): Promise<Session> {
  return sessionOf(await memberLoginRequest(app, identifier, password), `member login of ${identifier}`);
}

/** A role to sign in as; `member` and `customer` are the same. */
export type TestRole = 'admin' | 'cashier' | 'member' | 'customer';

/** A session of {@link loginAs} with the account it belongs to. */
export type RoleSession = Session & { account: TestStaff | TestMember };

/**
 * Signs in as a role through the real login routes: the first admin for `admin`, a new cashier
 * ({@link createCashier}) for `cashier`, a new member with the initial password
 * ({@link createMember}) for `member`/`customer`.
 */
export async function loginAs(
  app: FastifyInstance,
  role: 'member' | 'customer',
): Promise<Session & { account: TestMember }>;
export async function loginAs(
  app: FastifyInstance,
  role: 'admin' | 'cashier',
): Promise<Session & { account: TestStaff }>;
export async function loginAs(app: FastifyInstance, role: TestRole): Promise<RoleSession>;
export async function loginAs(app: FastifyInstance, role: TestRole): Promise<RoleSession> {
  if (role === 'admin') {
    const session = await loginStaff(app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
    const account: TestStaff = {
      id: session.user.id,
      username: TEST_ADMIN_USERNAME,
      name: session.user.name,
      role: 'admin',
      password: TEST_ADMIN_PASSWORD,
    };
    return { ...session, account };
  }
  if (role === 'cashier') {
    const account = await createCashier(app);
    return { ...(await loginStaff(app, account.username, account.password)), account };
  }
  const account = await createMember(app);
  return { ...(await loginMember(app, account.mobile, account.password)), account };
}

/** A member inserted by {@link createMember}, with the plain password to sign in with. */
export interface TestMember {
  id: string;
  name: string;
  /** 12 digits starting 91. */
  mobile: string;
  parishNumber: string;
  password: string;
  passwordIsInitial: boolean;
}

let sequence = 0;
function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/** A random valid member mobile: 91, then a 10-digit number starting with 9. */
export function randomMobile(): string {
  return `919${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/**
 * Inserts a member straight into the database. By default the password is the initial one of
 * the rule of `docs/domain.md`, §6 "Initial password" (`initialMemberPassword`), stored as the
 * product stores it (no hash); with `password` given, that password hashed with Argon2id and
 * `passwordIsInitial` false.
 */
export async function createMember(
  app: FastifyInstance,
  overrides: { name?: string; mobile?: string; parishNumber?: string; password?: string; isActive?: boolean } = {},
): Promise<TestMember> {
  const n = nextSequence();
  const name = overrides.name ?? `Test Member ${n}`;
  const mobile = overrides.mobile ?? randomMobile();
  const parishNumber = overrides.parishNumber ?? `TP${n}${randomBytes(3).toString('hex').toUpperCase()}`;
  const passwordIsInitial = overrides.password === undefined;
  const password = overrides.password ?? initialMemberPassword(name, mobile);
  const [row] = await app.db
    .insert(members)
    .values({
      name,
      mobile,
      parishNumber,
      passwordHash: passwordIsInitial ? null : await hashPassword(password),
      passwordIsInitial,
      isActive: overrides.isActive ?? true,
    })
    .returning({ id: members.id });
  if (!row) throw new Error('member insert returned nothing');
  return { id: row.id, name, mobile, parishNumber, password, passwordIsInitial };
}

/** A staff account inserted by {@link createStaff}, with its plain password. */
export interface TestStaff {
  id: string;
  username: string;
  name: string;
  role: 'admin' | 'cashier';
  password: string;
}

/** Inserts a staff account (Argon2id hash) straight into the database. */
export async function createStaff(
  app: FastifyInstance,
  overrides: {
    username?: string;
    name?: string;
    role?: 'admin' | 'cashier';
    password?: string;
    isActive?: boolean;
  } = {},
): Promise<TestStaff> {
  const n = nextSequence();
  const role = overrides.role ?? 'cashier';
  const username = overrides.username ?? `${role}${n}-${randomBytes(3).toString('hex')}`;
  const name = overrides.name ?? `Test ${role === 'admin' ? 'Admin' : 'Cashier'} ${n}`;
  const password = overrides.password ?? `Staff-Password-${n}-${randomBytes(4).toString('hex')}`;
  const [row] = await app.db
    .insert(staffUsers)
    .values({ username, name, role, passwordHash: await hashPassword(password), isActive: overrides.isActive ?? true })
    .returning({ id: staffUsers.id });
  if (!row) throw new Error('staff insert returned nothing');
  return { id: row.id, username, name, role, password };
}

/** Inserts a cashier ({@link createStaff} with role cashier). */
export function createCashier(
  app: FastifyInstance,
  overrides: { username?: string; name?: string; password?: string; isActive?: boolean } = {},
): Promise<TestStaff> {
  return createStaff(app, { ...overrides, role: 'cashier' });
}

/**
 * Asserts that a response is the API's error body with the given status and code (and message,
 * when given): `{ success: false, error, code, details? }`.
 * @returns the parsed body.
 */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: string,
  message?: string,
): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<ErrorBody>();
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.error).toBe(message);
  return body;
}
