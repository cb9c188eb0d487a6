import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * The data folder is the owner's only (`docs/deploy.md`, "The data folder"; issue 27 item 19): the
 * database files, the generated secrets and the backups inside `DATA_DIR` are readable by the
 * account that runs the server and nobody else, whatever the machine's default umask.
 */

/** The bits a folder or file of DATA_DIR must not have: every permission of the group and others. */
const GROUP_AND_OTHERS = 0o077;

/**
 * Makes this process create files for its owner only (umask 077: folders 0700, files 0600), then
 * creates `dataDir` (and any missing parent) with mode 0700 and takes the group's and others'
 * permissions off `dataDir` itself. Every entry point calls it through `loadConfig` before it
 * writes anything there. The umask is left alone in a worker thread, where Node.js cannot set it.
 */
export function prepareDataDir(dataDir: string): void {
  if (isMainThread) process.umask(GROUP_AND_OTHERS);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { mode } = lstatSync(dataDir);
  if ((mode & GROUP_AND_OTHERS) !== 0) chmodSync(dataDir, mode & 0o700);
}

/** What {@link tightenDataDir} did. */
export interface TightenResult {
  /** Folders and files whose group and other permissions were taken off. */
  changed: number;
  /** Paths whose permissions could not be changed (another owner), at most ten, and how many in all. */
  failed: { count: number; examples: string[] };
}

/**
 * Takes the group's and others' permissions off `dataDir` and everything in it, recursively (a
 * data folder made by an older release, or copied in, with 0755 folders and 0644 files): folders
 * end 0700, files 0600 (0700 if the owner could execute them). Symbolic links are neither followed
 * nor changed. Run once at the server's start-up, which logs the counts in one line when anything
 * changed.
 * @returns how many entries were changed, and those that could not be
 */
export function tightenDataDir(dataDir: string): TightenResult {
  const result: TightenResult = { changed: 0, failed: { count: 0, examples: [] } };
  const visit = (entry: string) => {
    let stat;
    try {
      stat = lstatSync(entry);
    } catch {
      return; // removed meanwhile
    }
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & GROUP_AND_OTHERS) !== 0) {
      try {
        chmodSync(entry, stat.mode & 0o700);
        result.changed += 1;
      } catch {
        result.failed.count += 1;
        if (result.failed.examples.length < 10) result.failed.examples.push(entry);
      }
    }
    if (stat.isDirectory()) {
      let names: string[];
      try {
        names = readdirSync(entry);
      } catch {
        return;
      }
      for (const name of names) visit(path.join(entry, name));
    }
  };
  visit(dataDir);
  return result;
}
