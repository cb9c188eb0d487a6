import { AsyncLocalStorage } from 'node:async_hooks';

import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';

import type { Db, Tx } from './query.ts';

/**
 * Row-level security by parish (issue 28 item 2, `docs/decisions/0121-row-level-security.md`): a
 * prototype, not yet wired into `client.ts` or the routes.
 *
 * - Every parish table gets the policy of {@link parishPolicySql}: a row is visible and writable only
 *   when its `parish_id` equals `request_parish_id()` (migration 0024's function of the
 *   `app.parish_id` setting; empty or unset is NULL, so nothing matches).
 * - The app works as the role {@link PARISH_APP_ROLE} (no superuser, no BYPASSRLS), made and granted
 *   by {@link parishAppRoleSql}; the owner (the migrations' superuser) is not held by the policies.
 * - The parish of the work in progress lives in an AsyncLocalStorage ({@link runInParish}); the
 *   drivers are wrapped ({@link scopePglite}, {@link scopePool}) so that each statement, or each
 *   transaction, runs with `app.parish_id` set to it first. {@link withParish} is the explicit form.
 */

/** The role the app works as: NOLOGIN NOSUPERUSER NOBYPASSRLS; a superuser switches to it with SET ROLE. */
export const PARISH_APP_ROLE = 'parish_app';

/** The setting `request_parish_id()` reads: the parish id as decimal text, '' for none. */
export const PARISH_SETTING = 'app.parish_id';

/** The name of the policy {@link parishPolicySql} creates on each table. */
export const PARISH_POLICY = 'parish_isolation';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

/**
 * The statements that put a table under the parish policy: ENABLE and FORCE row level security (so
 * that a table owner without superuser is held too) and the policy `parish_isolation` for all
 * commands, USING and WITH CHECK `parish_id = request_parish_id()`. Re-runnable (the policy is dropped
 * first). `request_parish_id()` must exist (migration 0024).
 * @param table a plain lower-case table name of the public schema, with an integer `parish_id` column
 * @returns the statements, in order, without trailing semicolons
 * @throws Error when `table` is not a plain identifier
 */
export function parishPolicySql(table: string): string[] {
  const name = identifier(table);
  return [
    `ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${name} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS ${PARISH_POLICY} ON ${name}`,
    `CREATE POLICY ${PARISH_POLICY} ON ${name} USING (parish_id = request_parish_id()) ` +
      `WITH CHECK (parish_id = request_parish_id())`,
  ];
}

/**
 * The statements that make the role {@link PARISH_APP_ROLE} if it is missing (roles belong to the
 * whole PostgreSQL server, so another database may have made it already; two databases making it at
 * once is tolerated) and grant it what the app needs on `tables`: use of the public schema, SELECT,
 * INSERT, UPDATE, DELETE on the tables and use of the schema's sequences. Run as the owner (superuser).
 * @param tables plain table names of the public schema
 * @returns the statements, in order
 * @throws Error when a name is not a plain identifier
 */
export function parishAppRoleSql(tables: string[]): string[] {
  const statements = [
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${PARISH_APP_ROLE}') THEN
         CREATE ROLE ${PARISH_APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
       END IF;
     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
     END $$`,
    `GRANT USAGE ON SCHEMA public TO ${PARISH_APP_ROLE}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${PARISH_APP_ROLE}`,
  ];
  if (tables.length > 0) {
    statements.push(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ${tables.map(identifier).join(', ')} TO ${PARISH_APP_ROLE}`,
    );
  }
  return statements;
}

/**
 * What the AsyncLocalStorage holds: the parish of the work in progress (null for none), or `owner`
 * for work that must see every parish ({@link runAsOwner}).
 */
interface ParishContext {
  parishId: number | null;
  owner?: true;
}

const parishStore = new AsyncLocalStorage<ParishContext>();

function checkParishId(parishId: number | null): void {
  if (parishId !== null && !(Number.isSafeInteger(parishId) && parishId > 0)) {
    throw new Error(`Not a parish id: ${parishId}`);
  }
}

/**
 * Runs `work` with `parishId` as the parish of every statement it starts through a scoped driver
 * ({@link scopePglite}, {@link scopePool}), including in the promises it awaits. Nested calls
 * override for their own extent.
 * @param parishId the parish (a positive integer) or null for none (parish tables then read as empty)
 * @returns what `work` returns
 * @throws Error when `parishId` is not a positive safe integer or null, or when `work` returns a
 *   database query that has not started (see {@link started})
 */
export function runInParish<T>(parishId: number | null, work: () => T): T {
  checkParishId(parishId);
  return started(parishStore.run({ parishId }, work), 'runInParish');
}

/**
 * `result` itself, unless it is a thenable that is not a Promise: a drizzle query (or builder) that
 * has not started. A drizzle query starts when it is awaited, so one returned by `work` would run
 * after the scope has ended, in the caller's parish or as none: a silent wrong-parish read or
 * write, or maintenance (VACUUM) skipped as parish_app. Such work must await its query inside an
 * async callback.
 * @throws Error naming `scope` when `result` is such a thenable
 */
function started<T>(result: T, scope: string): T {
  const thenable =
    result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function';
  if (thenable && !(result instanceof Promise))
    throw new Error(
      `${scope}: the work returned a database query that has not started (it would run outside the scope); await it inside an async callback`,
    );
  return result;
}

/**
 * Makes `parishId` the parish of the rest of the current asynchronous context
 * (`AsyncLocalStorage.enterWith`): for a Fastify hook (onRequest / preHandler, after the session is
 * known), whose handler then runs in that context. Prefer {@link runInParish} where a callback fits.
 * @param parishId the parish (a positive integer) or null for none
 * @throws Error when `parishId` is not a positive safe integer or null
 */
export function enterParish(parishId: number | null): void {
  checkParishId(parishId);
  parishStore.enterWith({ parishId });
}

/**
 * Runs `work` as the database's owner: its statements through a scoped driver switch back from
 * {@link PARISH_APP_ROLE} to the connecting user (`RESET ROLE`), whom the policies do not hold, and
 * see every parish. Only for work that is about every parish by its nature: backups and restores, a
 * parish's export and import, the diocese's roll-ups, reading the global tables before a parish is
 * known, maintenance (VACUUM, ANALYZE). Needs a connecting user that is a superuser or has BYPASSRLS
 * (`docs/parishes.md`). Rows written as owner must name their parish (the `parish_id` default is
 * `request_parish_id()`, NULL here).
 * @returns what `work` returns
 * @throws Error when `work` returns a database query that has not started (see {@link started})
 */
export function runAsOwner<T>(work: () => T): T {
  return started(parishStore.run({ parishId: null, owner: true }, work), 'runAsOwner');
}

/** The parish of the work in progress ({@link runInParish}), or null outside any, for none, or as owner. */
export function currentParishId(): number | null {
  return parishStore.getStore()?.parishId ?? null;
}

/** Whether the work in progress runs as the owner ({@link runAsOwner}). */
export function runningAsOwner(): boolean {
  return parishStore.getStore()?.owner === true;
}

/** Options of the scoped drivers ({@link scopePglite}, {@link scopePool}). */
export interface ScopeOptions {
  /** false to stay the connecting user (for measuring the setting alone); default true. */
  role?: boolean;
  /**
   * The parish of statements started outside any {@link runInParish} or {@link runAsOwner}: null
   * (default, the server's choice: such a statement sees no parish row) or a parish id (tests and the
   * one-parish scripts, whose direct calls are about the home parish).
   */
  fallbackParish?: number | null;
}

/** What a connection must be for the work in progress: the owner, or the app with this setting. */
type Wanted = { owner: true } | { owner: false; setting: string };

function wanted(fallbackParish: number | null): Wanted {
  const store = parishStore.getStore();
  if (store?.owner) return { owner: true };
  const parishId = store ? store.parishId : fallbackParish;
  return { owner: false, setting: parishId === null ? '' : String(parishId) };
}

/** A connection's last known state: its role (owner or app) and, as the app, its setting. */
interface ConnectionState {
  owner: boolean;
  setting: string | null;
}

/**
 * The statements that bring a connection from `state` to `want` (none when it is there already),
 * and the state it is in after them.
 */
function switchStatements(
  state: ConnectionState | undefined,
  want: Wanted,
  role: boolean,
): { statements: Array<[string, string[]]>; next: ConnectionState } {
  const statements: Array<[string, string[]]> = [];
  if (want.owner) {
    if (role && state?.owner !== true) statements.push(['RESET ROLE', []]);
    return { statements, next: { owner: true, setting: state?.setting ?? null } };
  }
  if (role && state?.owner !== false) statements.push([`SET ROLE ${PARISH_APP_ROLE}`, []]);
  if (state?.setting !== want.setting) statements.push([SET_SESSION, [want.setting]]);
  return { statements, next: { owner: false, setting: want.setting } };
}

const SET_SESSION = `SELECT set_config('${PARISH_SETTING}', $1, false)`;

/**
 * Runs `work` in one transaction whose first statement sets `app.parish_id` to `parishId` for that
 * transaction only (`set_config(.., true)`; nested `tx.transaction` savepoints keep it). The explicit
 * form, for code that holds a `Db` and no scoped driver; works on both engines.
 * @param parishId a positive integer parish id
 * @returns what `work` returns; the transaction is committed after it, rolled back when it throws
 * @throws Error when `parishId` is not a positive safe integer; whatever `work` throws
 */
export async function withParish<T>(db: Db, parishId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!(Number.isSafeInteger(parishId) && parishId > 0)) throw new Error(`Not a parish id: ${parishId}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config(${PARISH_SETTING}, ${String(parishId)}, true)`);
    return work(tx);
  });
}

/**
 * Makes an embedded PGlite work as {@link PARISH_APP_ROLE} (`SET ROLE`, for the session: PGlite has
 * one connection and its user is a superuser) and scopes each of its statements to the parish of
 * {@link runInParish} (or the owner, {@link runAsOwner}; or `options.fallbackParish` outside both):
 * `query`, `exec` and `transaction` first switch the role and set `app.parish_id` (for the session)
 * when they differ from the last ones set, under a queue of their own so that no statement of another
 * parish comes between the setting and the statement. A transaction keeps the parish it began with.
 * Call it after migrating. Wrap after `preparePgliteStatements` so that named statements are scoped
 * too. The wrapper trusts that no statement changes the role or the setting behind its back
 * (`RESET ALL`, `DISCARD ALL`, `SET ROLE`) and that transactions go through `transaction()`, not a
 * `BEGIN` sent to `query`.
 * @param options see {@link ScopeOptions}
 */
export async function scopePglite(pglite: PGlite, options: ScopeOptions = {}): Promise<void> {
  const role = options.role ?? true;
  const fallbackParish = options.fallbackParish ?? null;
  checkParishId(fallbackParish);
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  // Start from a known state: a setting made before the wrapping must not pass for "none".
  let state: ConnectionState = { owner: true, setting: null };
  let tail: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(work: () => Promise<T>): Promise<T> => {
    const want = wanted(fallbackParish);
    const run = tail.then(async () => {
      const { statements, next } = switchStatements(state, want, role);
      for (const [text, params] of statements) await query(text, params);
      state = next;
      return work();
    });
    tail = run.catch(() => undefined);
    return run;
  };
  pglite.query = ((text: string, params?: unknown[], opts?: object) =>
    inOrder(() => query(text, params, opts))) as PGlite['query'];
  pglite.exec = ((text: string, opts?: object) => inOrder(() => exec(text, opts))) as PGlite['exec'];
  pglite.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    inOrder(() => transaction(callback))) as PGlite['transaction'];
  // The first statement of the app's own work then finds the role and setting it wants.
  await pglite.query('SELECT 1');
}

/** The role and `app.parish_id` each pooled connection was last given ({@link scopePool}); absent when new. */
const connectionState = new WeakMap<pg.PoolClient, ConnectionState>();

/**
 * Makes a node-postgres pool work as {@link PARISH_APP_ROLE} and scopes each checkout to the parish
 * of {@link runInParish} (or the owner, {@link runAsOwner}; or `options.fallbackParish` outside both):
 * a connection taken by `pool.connect()` (drizzle's transactions) or `pool.query()` (drizzle's other
 * statements) is first switched to the role (`SET ROLE`, or `RESET ROLE` for the owner) and given
 * `app.parish_id` for its session when it last had another value, so a connection given back never
 * carries its parish to the next user. A connection that cannot switch is destroyed and the checkout
 * fails. Call it on the pool after migrating. Only the promise forms of `connect` and `query` (what
 * drizzle uses) are kept; no statement may change the role or the setting itself (`RESET ALL`,
 * `DISCARD ALL`).
 * @param options see {@link ScopeOptions}
 */
export function scopePool(pool: pg.Pool, options: ScopeOptions = {}): void {
  const role = options.role ?? true;
  const fallbackParish = options.fallbackParish ?? null;
  checkParishId(fallbackParish);
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const scopedConnect = async (): Promise<pg.PoolClient> => {
    const want = wanted(fallbackParish);
    const client = await connect();
    const { statements, next } = switchStatements(connectionState.get(client), want, role);
    if (statements.length > 0) {
      try {
        for (const [text, params] of statements) await client.query(text, params);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      connectionState.set(client, next);
    }
    return client;
  };
  pool.connect = scopedConnect as pg.Pool['connect'];
  pool.query = (async (...args: unknown[]) => {
    const client = await scopedConnect();
    try {
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }) as pg.Pool['query'];
}
