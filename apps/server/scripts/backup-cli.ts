import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Config } from '../src/config/env.ts';
import type { AppDeps } from '../src/context.ts';
import type { Database } from '../src/db/client.ts';
import { systemClock } from '../src/lib/clock.ts';
import { EventBus } from '../src/lib/events.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import type { Logger } from '../src/lib/logger.ts';
import { newBackupKey, readBackupHeader, type BackupHeader } from '../src/modules/backup/backup-file.ts';
import { backupRequestDir, type BackupRequest } from '../src/workers/daily-backup.ts';

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
 * SIGUSR2 (`workers/daily-backup.ts`), then waits up to `timeoutMs` for its answer. With this
 * command's BACKUP_PASSPHRASE the request carries the key of this one file, derived here with a
 * fresh salt (the passphrase itself stays in this process; the request is a 0600 file in a 0700
 * folder on this machine, removed by the server as it reads it), and the file the server wrote is
 * checked to be encrypted with that key: one that is not (a server of an older release) is deleted
 * with its copy and the answer is an error (`docs/decisions/0070-backup-through-the-running-server-encrypts.md`).
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
  const key = config.backup.passphrase ? await newBackupKey(config.backup.passphrase) : null;
  const request: BackupRequest = {
    out,
    key: key && { key: key.key.toString('base64'), salt: key.salt.toString('base64'), N: key.N, r: key.r, p: key.p },
  };
  const requestFile = path.join(dir, `${id}.json`);
  const forget = () => rmSync(requestFile, { force: true });
  process.once('exit', forget);
  writeFileSync(requestFile, JSON.stringify(request), { mode: 0o600, flag: 'wx' });
  process.kill(pid, 'SIGUSR2');
  const answer = path.join(dir, `${id}.result.json`);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (existsSync(answer)) {
        const result = JSON.parse(readFileSync(answer, 'utf8')) as Record<string, unknown>;
        rmSync(answer, { force: true });
        return key ? refuseUnencrypted(result, key.salt) : result;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { error: `the server (process ${pid}) did not answer within ${Math.round(timeoutMs / 60_000)} minutes` };
  } finally {
    forget();
    process.off('exit', forget);
  }
}

/**
 * The server's answer when the file it wrote is encrypted with the key of `salt`; otherwise the
 * file and its copy are deleted and the answer is an error saying why.
 */
function refuseUnencrypted(result: Record<string, unknown>, salt: Buffer): Record<string, unknown> {
  if (typeof result.file !== 'string') return result;
  let header: BackupHeader | null;
  try {
    header = readBackupHeader(readStart(result.file, 64 * 1024)).header;
  } catch {
    header = null;
  }
  if (header?.encryption?.salt === salt.toString('base64')) return result;
  for (const file of [result.file, result.copiedTo]) if (typeof file === 'string') rmSync(file, { force: true });
  return {
    error:
      'the running server wrote the backup without the passphrase (a server of an older release?), so the file ' +
      'was deleted: restart the server with this release, or stop it and run npm run backup again',
  };
}

/** The first `bytes` bytes of a file (fewer when it is shorter). */
function readStart(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    return head.subarray(0, readSync(fd, head, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Takes the data folder's lock for a command that opens the embedded database itself (it has one
 * user at a time). @returns the release @throws Error "Stop the server first. ..." when it is held
 */
export function lockServer(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    throw new Error(`Stop the server first. ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
