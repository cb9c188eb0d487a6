import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { connectionStringOf, openDatabase } from '../src/db/client.ts';
import { singleInstance } from '../src/workers/single-instance.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * One worker across processes (`docs/deploy.md`, "Several processes"): on PostgreSQL two
 * "processes" — each with its own connections, as a second server process has — run the same
 * named worker through `singleInstance`: exactly one runs it; when that one stops, the other takes
 * over. On PGlite (one process per data folder) the worker simply runs.
 */
describe('singleInstance: one worker across processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs the worker in exactly one process at a time and hands it over when that process stops', async () => {
    const running = new Set<string>();
    const worker = (name: string) => () => {
      running.add(name);
      return { stop: async () => void running.delete(name) };
    };
    if (t.engine === 'pglite') {
      const only = singleInstance(t.app.deps, 'test-worker', worker('only'));
      await expect.poll(() => [...running]).toEqual(['only']);
      await only.stop();
      expect([...running]).toEqual([]);
      return;
    }
    const url = connectionStringOf(t.database);
    const second = await openDatabase({ databaseUrl: url, migrate: false });
    try {
      const a = singleInstance(t.app.deps, 'test-worker', worker('a'), { retryMs: 100 });
      await expect.poll(() => [...running]).toEqual(['a']);
      const b = singleInstance({ ...t.app.deps, database: second, db: second.db }, 'test-worker', worker('b'), {
        retryMs: 100,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([...running]).toEqual(['a']); // b keeps trying, never runs beside a
      await a.stop();
      await expect.poll(() => [...running], { timeout: 5000 }).toEqual(['b']);
      await b.stop();
      expect([...running]).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
