import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { BUILDS, inputsHash, isFresh, writeStamp } from '../../../scripts/build-stamp.mjs';

/*
 * Issue 31, "npm start after a restart": `npm start` (scripts/start.mjs) rebuilds the web app and
 * the server only when their inputs changed (scripts/build-stamp.mjs). Tested on a made-up project
 * laid out like ours, whose builds log that they ran, so the real (slow) builds are not needed.
 */

const repository = path.resolve(import.meta.dirname, '../../..');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Writes `text` to `file` under `root`, making its folders. */
function put(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/**
 * The made-up workspace `folder`'s build: a script that logs `name` to builds.log and writes its
 * output file `output` (with `text`), whatever arguments npm passes it.
 */
function workspace(root: string, folder: string, name: string, output: string, text: string): void {
  put(root, `${folder}/package.json`, JSON.stringify({ name: `@parish/${name}`, scripts: { build: 'node build.cjs' } }));
  put(
    root,
    `${folder}/build.cjs`,
    `const fs = require('fs');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync(${JSON.stringify(output)}, ${JSON.stringify(text)} + '// ' + Date.now() + '\\n');
fs.appendFileSync('../../builds.log', ${JSON.stringify(name)} + '\\n');
`,
  );
}

/** A made-up project with the two workspaces, the start scripts copied from this repository. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'parish-start-'));
  roots.push(root);
  put(root, 'package.json', JSON.stringify({ name: 'made-up', private: true, workspaces: ['apps/*', 'packages/*'] }));
  put(root, 'package-lock.json', '{}');
  put(root, 'packages/shared/package.json', JSON.stringify({ name: '@parish/shared', version: '0.1.0' }));
  put(root, 'packages/shared/src/index.ts', 'export const x = 1;\n');
  workspace(root, 'apps/web', 'web', 'dist/index.html', '<!doctype html>');
  put(root, 'apps/web/src/main.tsx', 'export {};\n');
  workspace(root, 'apps/server', 'server', 'dist/server.mjs', 'console.log("serving");');
  put(root, 'apps/server/src/server.ts', 'export {};\n');
  put(root, 'apps/server/scripts/build-server.mjs', '// made up\n');
  cpSync(path.join(repository, 'scripts/start.mjs'), path.join(root, 'scripts/start.mjs'));
  cpSync(path.join(repository, 'scripts/build-stamp.mjs'), path.join(root, 'scripts/build-stamp.mjs'));
  return root;
}

/** Runs the copied `scripts/start.mjs` (the made-up server prints "serving" and exits); returns the builds it ran. */
function start(root: string): string[] {
  rmSync(path.join(root, 'builds.log'), { force: true });
  const output = execFileSync(process.execPath, ['scripts/start.mjs'], { cwd: root, encoding: 'utf8' });
  expect(output).toContain('serving');
  try {
    return readFileSync(path.join(root, 'builds.log'), 'utf8').trim().split('\n');
  } catch {
    return [];
  }
}

describe('npm start builds only what changed', () => {
  it('builds both on the first start, nothing on a restart, and only the web app after a web edit', () => {
    const root = project();
    expect(start(root)).toEqual(['web', 'server']);
    expect(start(root)).toEqual([]);

    put(root, 'apps/web/src/main.tsx', 'export const changed = true;\n');
    expect(start(root)).toEqual(['web']);

    put(root, 'packages/shared/src/index.ts', 'export const x = 2;\n');
    expect(start(root)).toEqual(['web', 'server']);
    expect(start(root)).toEqual([]);
  }, 60_000);

  it('rebuilds a build whose output was replaced since its stamp (a `npm run build` in between)', () => {
    const root = project();
    put(root, 'apps/server/src/server.ts', 'export {};\n');
    const hash = inputsHash(root, BUILDS.server.inputs);
    put(root, BUILDS.server.output, 'console.log("serving");\n');
    writeStamp(root, BUILDS.server, hash);
    expect(isFresh(root, BUILDS.server, hash)).toBe(true);
    put(root, BUILDS.server.output, 'console.log("serving"); // rebuilt from other sources\n');
    expect(isFresh(root, BUILDS.server, hash)).toBe(false);
  });

  it('hashes content, not modification times, and leaves out installed packages and outputs', () => {
    const root = project();
    const before = inputsHash(root, BUILDS.web.inputs);
    utimesSync(path.join(root, 'apps/web/src/main.tsx'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    put(root, 'apps/web/node_modules/x/index.js', 'module.exports = 1;\n');
    put(root, 'apps/web/dist/assets/a.js', 'x\n');
    expect(inputsHash(root, BUILDS.web.inputs)).toBe(before);
    put(root, 'apps/web/src/new-file.ts', '\n');
    expect(inputsHash(root, BUILDS.web.inputs)).not.toBe(before);
    expect(isFresh(root, BUILDS.web, before)).toBe(false);
  });
});
