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
/** The sticky bit: a shared folder such as /tmp, whose permissions are never changed. */
const STICKY = 0o1000;
/**
 * The entries of DATA_DIR that Parish Dues writes (and the ones a restore sets aside beside them):
 * only these are tightened, so a DATA_DIR pointed at a folder that holds other things leaves them alone.
 */
const OWN_ENTRY = /^(pglite|backups|jwt-secret|settings-key|link-keys|server\.lock|server-url)([.-].*)?$/;

/** Takes the group's and others' permissions off one folder, unless it is a shared (sticky) one. */
function tightenFolder(dir: string): boolean {
  const { mode } = lstatSync(dir);
  if ((mode & GROUP_AND_OTHERS) === 0 || (mode & STICKY) !== 0) return false;
  chmodSync(dir, mode & 0o700);
  return true;
}

/**
 * Makes this process create files for its owner only (umask 077: folders 0700, files 0600), then
 * creates `dataDir` (and any missing parent) with mode 0700 and takes the group's and others'
 * permissions off `dataDir` itself (not off a shared folder with the sticky bit, such as /tmp). Every entry point calls it through `loadConfig` before it
 * writes anything there. The umask is left alone in a worker thread, where Node.js cannot set it.
 */
export function prepareDataDir(dataDir: string): void {
  if (isMainThread) process.umask(GROUP_AND_OTHERS);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tightenFolder(dataDir);
}

/** What {@link tightenDataDir} did. */
export interface TightenResult {
  /** Folders and files whose group and other permissions were taken off. */
  changed: number;
  /** Paths whose permissions could not be changed (another owner), at most ten, and how many in all. */
  failed: { count: number; examples: string[] };
}

/**
 * Takes the group's and others' permissions off `dataDir` and off everything Parish Dues keeps in
 * it, recursively (a data folder made by an older release, or copied in, with 0755 folders and 0644
 * files): folders end 0700, files 0600 (0700 if the owner could execute them). Other entries of
 * `dataDir` (someone else's files in a folder shared with them) are left alone, and so is a shared
 * `dataDir` with the sticky bit; symbolic links are neither followed nor changed. Run once at the
 * server's start-up, which logs the counts in one line when anything changed.
 * @returns how many entries were changed, and those that could not be
 */
export function tightenDataDir(dataDir: string): TightenResult {
  const result: TightenResult = { changed: 0, failed: { count: 0, examples: [] } };
  try {
    if (tightenFolder(dataDir)) result.changed += 1;
  } catch {
    recordFailure(result, dataDir);
  }
  for (const name of namesIn(dataDir)) if (OWN_ENTRY.test(name)) tightenTree(path.join(dataDir, name), result);
  return result;
}

/**
 * Takes the group's and others' permissions off `root` and everything under it, recursively, as
 * {@link tightenDataDir} does for each of its own entries. `openDatabase` runs it on the embedded
 * database's folder, whose first files PGlite writes 0666.
 * @param result the counts to add to (a new one when not given)
 * @returns those counts
 */
export function tightenTree(
  root: string,
  result: TightenResult = { changed: 0, failed: { count: 0, examples: [] } },
): TightenResult {
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
        recordFailure(result, entry);
      }
    }
    if (stat.isDirectory()) for (const name of namesIn(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return result;
}

function recordFailure(result: TightenResult, entry: string): void {
  result.failed.count += 1;
  if (result.failed.examples.length < 10) result.failed.examples.push(entry);
}

/** The names in a folder, or none when it cannot be read. */
function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
