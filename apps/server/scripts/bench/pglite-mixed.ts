import type { PGlite } from '@electric-sql/pglite';

import { seedReports } from '../bench-reports.ts';
import { DEMO_CASHIER, pendingCollections } from './collections.ts';
import { fmt, load, loadDemo, percentile, progress, withBenchApp, type BenchCase } from './harness.ts';
import { DEMO_MEMBER } from './portal.ts';
import { runInParish } from '../../src/db/parish-scope.ts';
import { HOME_PARISH_ID } from '../../src/db/schema/parishes.ts';

/** The longest time one call held PGlite's connection, and what it was. */
interface Hold {
  ms: number;
  what: string;
}

/**
 * Times how long each call holds PGlite's one connection: `query`, `exec` and `transaction` (a
 * transaction holds it from BEGIN to COMMIT). Calls queue in order, so a call holds the connection
 * from when it was made, or when the one before it ended if later, until it ends.
 * @returns the longest hold so far, and a function to reset it
 */
function watchHolds(pglite: PGlite): { longest: () => Hold; reset: () => void } {
  let lastEnd = 0;
  let longest: Hold = { ms: 0, what: '-' };
  const target = pglite as unknown as Record<
    'query' | 'exec' | 'transaction',
    (...args: unknown[]) => Promise<unknown>
  >;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = target[name].bind(pglite);
    target[name] = async (...args: unknown[]) => {
      const called = performance.now();
      try {
        return await original(...args);
      } finally {
        const end = performance.now();
        const ms = end - Math.max(called, lastEnd);
        lastEnd = end;
        if (ms > longest.ms) {
          const what = name === 'transaction' ? 'a transaction' : String(args[0]).replace(/\s+/g, ' ').slice(0, 60);
          longest = { ms, what };
        }
      }
    };
  }
  return { longest: () => longest, reset: () => (longest = { ms: 0, what: '-' }) };
}

const REPORTS = ['overview', 'daily', 'member', 'head', 'yearwise', 'details', 'direct', 'member-due'];

/**
 * `--only=mixed`: PGlite under reports + portal + collections at once (the demo parish plus 200,000
 * payments): the longest hold of the one connection by a request's statement or transaction
 * (`docs/domain.md`, §12 "A3": under 250 ms), and the portal's p95 meanwhile. The floor: the
 * longest hold of the same reports one at a time with nothing else running.
 */
export const pgliteMixedCase: BenchCase = {
  name: 'mixed',
  summary: 'PGlite under reports + portal + collections at once: the longest hold of its connection',
  run: () =>
    withBenchApp(
      'pglite',
      async (bench) => {
        progress('mixed', 'pglite', 'seeding 20,000 members x 10 heads ...');
        // In the home parish, whose admin the bench signs in (the handle has no parish outside a request).
        const payments = await runInParish(HOME_PARISH_ID, () => seedReports(bench.database, 10));
        const collections = await pendingCollections(bench.database.db, 4);
        const pglite = bench.database.pglite;
        if (!pglite) throw new Error('not PGlite');
        const holds = watchHolds(pglite);
        const admin = bench.adminToken;
        const member = await bench.login('member', DEMO_MEMBER.identifier, DEMO_MEMBER.password);
        const cashier = await bench.login('staff', DEMO_CASHIER.username, DEMO_CASHIER.password);
        const reports = REPORTS.map((type) => ({
          path: '/api/admin/reports',
          method: 'POST' as const,
          body: JSON.stringify({ type }),
        }));
        await load(bench, admin, reports, REPORTS.length, 0, 1);
        const alone = holds.longest();
        holds.reset();
        progress('mixed', 'pglite', `reports alone: longest hold ${fmt(alone.ms)} ms; now all at once ...`);
        const [portal] = await Promise.all([
          load(bench, member, ['/api/customer/payments'], 600, 0, 5),
          load(bench, admin, reports, 40, 0, 2),
          load(bench, cashier, collections, Math.min(600, collections.length), 0, 3),
        ]);
        const mixed = holds.longest();
        return [
          {
            engine: 'pglite',
            measure: `longest hold under mixed load (${payments.toLocaleString('en-IN')} payments): ${mixed.what}`,
            value: mixed.ms,
            unit: 'ms',
            floor: `reports alone ${fmt(alone.ms)} ms (${alone.what})`,
            goal: 'longestHold',
          },
          {
            engine: 'pglite',
            measure: 'portal p95 during it (c=5, beside 2 report and 3 collection clients)',
            value: percentile(portal.times, 95),
            unit: 'ms',
            floor: '-',
            goal: 'mixedPortalP95',
          },
        ];
      },
      loadDemo,
    ),
};
