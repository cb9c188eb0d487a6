import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * One Node.js version everywhere (README "Requirements", `.nvmrc`, `engines`, `.ci/run`): the
 * lowest version `engines` allows must satisfy every installed package's own `engines.node`, so
 * that `npm install` never warns EBADENGINE. `cookie` and `content-disposition` are pinned by
 * `overrides` in package.json to releases that still support Node 20.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
}

describe('the Node.js version', () => {
  const engines = readJson<{ engines: { node: string } }>('package.json').engines.node;
  const lowest = semver.minVersion(engines)?.version ?? '';

  it('every package in package-lock.json supports the lowest Node.js the engines field allows', () => {
    const lock = readJson<{ packages: Record<string, { engines?: { node?: string } | string[] }> }>(
      'package-lock.json',
    );
    const unsupported = Object.entries(lock.packages)
      .map(([name, entry]) => [name, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter(([, range]) => range !== undefined && !semver.satisfies(lowest, range))
      .map(([name, range]) => `${name} (node ${range})`);
    expect(lowest).toBe('20.19.0');
    expect(unsupported).toEqual([]);
  });

  it('.nvmrc, the README and CI name the same major version', () => {
    const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
    expect(semver.satisfies(`${nvmrc}.19.0`, engines) || semver.satisfies(nvmrc, engines)).toBe(true);
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Node.js 20.19 or newer');
    expect(readFileSync(path.join(root, '.ci/run'), 'utf8')).toContain('node-version-check');
  });
});
