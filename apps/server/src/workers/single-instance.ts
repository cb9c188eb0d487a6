import pg from 'pg';

import type { AppDeps } from '../context.ts';
import { connectionStringOf } from '../db/client.ts';
import type { WorkerHandle } from './worker-handle.ts';

/**
 * One worker across all the server processes sharing a PostgreSQL database (`docs/deploy.md`,
 * "Several processes"; `docs/ARCHITECTURE.md`, "Workers"): the worker runs only in the process
 * that holds the session-level advisory lock `pg_try_advisory_lock(hashtext('parish-dues:<name>'))`
 * on a connection of its own. The others try again every `retryMs`; when the holder stops or dies
 * its connection closes, PostgreSQL frees the lock, and the next process to try takes over. If the
 * holder's own connection is lost it stops its worker before trying again, so two never run at
 * once. The lock's connection is named `parish-dues-lock-<name>-<pid>` (pg_stat_activity's
 * application_name), so an operator can see which process runs which worker. On PGlite (one process per data folder) the worker simply starts.
 * @param name the worker's name, part of the lock key (`whatsapp-sender`, `gateway-recheck`, …)
 * @param start starts the worker; called once the lock is held
 * @param options.retryMs how often a process without the lock tries again (default 15 s)
 * @returns a handle whose `stop` stops the worker (if running here) and frees the lock
 */
export function singleInstance(
  deps: AppDeps,
  name: string,
  start: () => WorkerHandle | Promise<WorkerHandle>,
  options: { retryMs?: number } = {},
): WorkerHandle {
  const databaseUrl = connectionStringOf(deps.database);
  if (deps.database.kind !== 'postgres' || !databaseUrl) {
    const started = Promise.resolve(start());
    return { stop: async () => (await started).stop() };
  }
  const retryMs = options.retryMs ?? 15_000;
  let stopped = false;
  let client: pg.Client | null = null;
  let worker: WorkerHandle | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> = Promise.resolve();

  const release = async () => {
    const running = worker;
    worker = null;
    await running?.stop();
    const connection = client;
    client = null;
    await connection?.end().catch(() => undefined);
  };

  const tryOnce = async () => {
    if (stopped || worker) return;
    try {
      client ??= await connect(databaseUrl, name, () => {
        // The connection is gone: so is the lock. Stop the worker; the next try takes it again.
        void release().catch((error: unknown) => deps.log.error({ err: error, worker: name }, 'worker stop failed'));
      });
      const result = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS held', [
        `parish-dues:${name}`,
      ]);
      if (result.rows[0]?.held && !stopped) {
        worker = await start();
        deps.log.info({ worker: name }, 'this process runs the worker (advisory lock held)');
      }
    } catch (error) {
      deps.log.warn({ err: error, worker: name }, 'could not try the worker lock; trying again');
      await release().catch(() => undefined);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      attempt = tryOnce().finally(schedule);
    }, retryMs);
    timer.unref();
  };
  attempt = tryOnce().finally(schedule);

  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt.catch(() => undefined);
      await release();
    },
  };
}

async function connect(databaseUrl: string, name: string, onLost: () => void): Promise<pg.Client> {
  // The process id in the name shows in pg_stat_activity which process holds which worker.
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: `parish-dues-lock-${name}-${process.pid}`,
  });
  client.on('error', onLost);
  client.on('end', onLost);
  await client.connect();
  return client;
}
