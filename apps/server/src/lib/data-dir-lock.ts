import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * An exclusive lock on a data directory. PGlite has no lock of its own, and a second process
 * that opens the same directory silently loses writes (`docs/ARCHITECTURE.md`, "Engines";
 * `docs/decisions/0007-pglite-default-with-data-directory-lock.md`), so the server and every data
 * script take this lock first. A lock left by a process that no longer runs (a crash, a SIGKILL) is
 * taken over.
 * @returns a function that releases the lock.
 * @throws Error naming the holder's pid when another live process holds the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${holder}. Stop that process first ` +
            '(only one process may open the embedded database).',
          { cause: error },
        );
      }
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
