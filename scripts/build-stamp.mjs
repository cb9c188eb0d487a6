// What `npm start` rebuilds (issue 31, "npm start after a restart"): the web app and the server are
// built only when their inputs changed since the build that is there. Each build leaves a stamp
// beside its output (`.build-inputs.json`): a SHA-256 of every input file's path and content, and
// the size and modification time of the output file it made. A build is fresh when the stamp's
// hash equals the inputs' hash now AND the output file is still the one the stamp saw (so a
// `npm run build` from other sources in between, which does not stamp, forces a rebuild).
// Content, not modification times, decides: a `git checkout` that leaves a file's text as it was
// does not cost a rebuild, and any edit does.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders never read as inputs: installed packages, build outputs, test output, VCS data. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', '.vite']);

/**
 * The inputs of each build, relative to the repository root: folders (read recursively, test files
 * included, as they are cheap to hash and harmless to count) and files. A missing entry is skipped.
 */
export const BUILDS = {
  web: {
    inputs: ['apps/web', 'packages/shared', 'package-lock.json', 'package.json'],
    output: 'apps/web/dist/index.html',
    stamp: 'apps/web/dist/.build-inputs.json',
  },
  server: {
    inputs: ['apps/server/src', 'apps/server/scripts/build-server.mjs', 'apps/server/package.json', 'packages/shared', 'package-lock.json'],
    output: 'apps/server/dist/server.mjs',
    stamp: 'apps/server/dist/.build-inputs.json',
  },
};

/** Every file under `entry` (a file or a folder relative to `root`), as sorted relative paths with `/`. */
function filesOf(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  const found = [];
  const walk = (relative) => {
    for (const item of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (SKIPPED.has(item.name)) continue;
      const child = `${relative}/${item.name}`;
      if (item.isDirectory()) walk(child);
      else if (item.isFile()) found.push(child);
    }
  };
  walk(entry);
  return found;
}

/**
 * The SHA-256 (hex) of a build's inputs under `root`: each file's relative path and bytes, in
 * path order. `extra` (strings, e.g. the build mode) is hashed first.
 */
export function inputsHash(root, inputs, extra = []) {
  const hash = createHash('sha256');
  for (const text of extra) hash.update(`${text}\0`);
  const files = [...new Set(inputs.flatMap((entry) => filesOf(root, entry)))].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Size and modification time (ms) of a file, or null when it does not exist. */
function outputFacts(file) {
  if (!existsSync(file)) return null;
  const stat = statSync(file);
  return { size: stat.size, mtimeMs: stat.mtimeMs };
}

/**
 * Whether the build `build` (one of BUILDS) under `root` is fresh for inputs hashing to `hash`:
 * its stamp names that hash and its output file is the one the stamp recorded. Any unreadable or
 * missing stamp or output means "not fresh".
 */
export function isFresh(root, build, hash) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, build.stamp), 'utf8'));
    const now = outputFacts(path.join(root, build.output));
    return stamp.hash === hash && now !== null && stamp.output?.size === now.size && stamp.output?.mtimeMs === now.mtimeMs;
  } catch {
    return false;
  }
}

/** Records that `build`'s output under `root` was just made from inputs hashing to `hash`. */
export function writeStamp(root, build, hash) {
  const output = outputFacts(path.join(root, build.output));
  if (output === null) throw new Error(`the build made no ${build.output}`);
  writeFileSync(path.join(root, build.stamp), `${JSON.stringify({ hash, output })}\n`);
}
