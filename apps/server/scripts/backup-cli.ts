import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Config } from '../src/config/env.ts';
import type { AppDeps } from '../src/context.ts';
import type { Database } from '../src/db/client.ts';
import { systemClock } from '../src/lib/clock.ts';
import { EventBus } from '../src/lib/events.ts';
import type { Logger } from '../src/lib/logger.ts';
import { backupRequestDir } from '../src/workers/daily-backup.ts';

/** What `npm run backup` and `npm run restore` share: argument parsing, a quiet logger, deps. */

/** Flags and positional arguments of a command line: `--out FILE`, `--force`, `FILE`. */
export function parseArgs(
  argv: string[],
  valued: string[],
): { flags: Map<string, string | true>; positional: string[] } {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--')) {
      const [name = '', inline] = arg.slice(2).split('=', 2);
      if (valued.includes(name)) {
        const value = inline ?? argv[(i += 1)];
        if (!value) throw new Error(`--${name} needs a value`);
        flags.set(name, value);
      } else flags.set(name, true);
    } else positional.push(arg);
  }
  return { flags, positional };
}

/** A logger that prints only warnings and errors, as one line each. */
export const cliLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (_fields, message) => process.stderr.write(`warning: ${message}\n`),
  error: (fields, message) =>
    process.stderr.write(
      `error: ${message}${'err' in fields ? `: ${String((fields as { err: unknown }).err)}` : ''}\n`,
    ),
};

/** The dependencies a script's services need, around an open database. */
export function scriptDeps(config: Config, database: Database): AppDeps {
  return { config, database, db: database.db, clock: systemClock, events: new EventBus(), log: cliLogger };
}

/** Megabytes with one decimal. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * Asks the server that holds the data folder (PGlite) to take the backup: a request file and
 * SIGUSR2 (`workers/daily-backup.ts`), then waits up to `timeoutMs` for its answer.
 * @returns the server's answer: the backup's result, or `{ error }`
 */
export async function requestBackupFromServer(
  config: Config,
  out: string | null,
  timeoutMs = 30 * 60_000,
): Promise<Record<string, unknown>> {
  const pid = Number(readFileSync(path.join(config.dataDir, 'server.lock'), 'utf8').trim());
  const dir = backupRequestDir(config.dataDir);
  const id = randomUUID();
  writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ out }), { mode: 0o600 });
  process.kill(pid, 'SIGUSR2');
  const answer = path.join(dir, `${id}.result.json`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(answer)) {
      const result = JSON.parse(readFileSync(answer, 'utf8')) as Record<string, unknown>;
      rmSync(answer, { force: true });
      return result;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  rmSync(path.join(dir, `${id}.json`), { force: true });
  return { error: `the server (process ${pid}) did not answer within ${Math.round(timeoutMs / 60_000)} minutes` };
}
