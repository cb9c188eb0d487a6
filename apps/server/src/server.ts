import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { removeUnfinishedImportBatches } from './db/import-batches.ts';
import { inEachParish } from './modules/parishes/parish-list.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';
import { tightenDataDir, type TightenResult } from './lib/data-dir-permissions.ts';
import type { SettingsKey } from './lib/settings-key.ts';
import { recordServerAddress, warnPrivatePublicUrl } from './lib/server-address.ts';
import { startWorkers, workerFlagsOf } from './workers/index.ts';

/**
 * How long a batch on PostgreSQL must have written nothing before a start-up takes it for a
 * crashed one (another process may be writing it; no chunk takes this long).
 */
const IMPORT_IDLE_MS = 10 * 60_000;

/**
 * The listening entry point: validates the configuration, locks the data directory (PGlite) and
 * takes other users' permissions off everything in it (logged once), opens
 * and migrates the database, removes the imports a crash left unfinished, builds the app, starts the background workers the configuration asks for
 * (`workers/index.ts`: WHATSAPP_WORKER, EVENT_RELAY) and listens on PORT. SIGINT/SIGTERM stop the
 * workers, then close the app and the database.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  // A data folder an older release (or a copy) left readable by others is the owner's only again.
  const tightened = tightenDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    // As the role parish_app under the parish policies; a statement outside any parish sees none (decision 0128).
    scope: { fallbackParish: null },
  });
  // An import a crash left unfinished is removed before anyone can use the app (decision 0049).
  // In each parish, so that the deletes bump that parish's data versions (decision 0128).
  const leftovers = { batches: 0, rows: 0 };
  await inEachParish(
    database.db,
    async () => {
      const removed = await removeUnfinishedImportBatches(database.db, config.databaseUrl ? IMPORT_IDLE_MS : 0);
      leftovers.batches += removed.batches;
      leftovers.rows += removed.rows;
    },
    (_parishId, error) => {
      throw error;
    },
  );
  const app = await buildApp({
    config,
    database,
    onGeneratedAdminPassword(username, password) {
      process.stdout.write(
        `\n  First admin account created. Sign in at ${config.publicUrl}/admin/login with\n` +
          `    username: ${username}\n    password: ${password}\n` +
          '  This password is shown only once. Set ADMIN_PASSWORD to choose it yourself.\n\n',
      );
    },
  });
  const workers = await startWorkers(app.deps, workerFlagsOf(config));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await workers.stop();
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Where `npm run admin:reset` and `npm run demo` say to sign in (issue 27 item 23).
  const { port } = app.server.address() as AddressInfo;
  recordServerAddress(config.dataDir, config.publicUrl, Boolean(process.env.PUBLIC_URL), port);
  if (leftovers.batches > 0) app.log.warn(leftovers, 'removed unfinished imports left by a crash');
  logTightened(app, config.dataDir, tightened);
  logSettingsKey(app, config.settingsKey, Boolean(config.databaseUrl));
  warnPrivatePublicUrl(app.log, config.publicUrl);
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      startupMs: Math.round(performance.now() - startedAt),
      rssMb: Math.round(process.memoryUsage().rss / 1_048_576),
    },
    'parish dues server ready',
  );
}

/**
 * Says at start-up where the key sealing the parishes' secrets came from (decision 0130): nothing
 * when SETTINGS_KEY is set; else the data folder's file, generated now or read, and that it must be
 * kept with the backup passphrase (and, on PostgreSQL, given to every app process as SETTINGS_KEY).
 */
function logSettingsKey(app: FastifyInstance, key: SettingsKey, postgres: boolean): void {
  if (key.source === 'env') return;
  const advice = postgres
    ? 'set SETTINGS_KEY to its content on every app process of this database, and keep it with the backup passphrase'
    : 'keep a copy with the backup passphrase: a restore without it asks for the parish secrets again';
  app.log.warn(
    { file: key.file, keyId: key.id },
    key.source === 'generated'
      ? `SETTINGS_KEY is not set: generated a key for the parish secrets in the data folder; ${advice}`
      : `SETTINGS_KEY is not set: the parish secrets are sealed with the key in the data folder; ${advice}`,
  );
}

/** Says once, at start-up, what {@link tightenDataDir} changed or could not change (nothing when all was in order). */
function logTightened(app: FastifyInstance, dataDir: string, result: TightenResult): void {
  if (result.changed > 0) {
    app.log.warn(
      { dataDir, changed: result.changed },
      'the data folder was readable by other users of this computer: its folders and files are now the owner’s only',
    );
  }
  if (result.failed.count > 0) {
    app.log.error(
      { dataDir, failed: result.failed.count, examples: result.failed.examples },
      'some files in the data folder belong to another user and stay readable by others: change their owner',
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
