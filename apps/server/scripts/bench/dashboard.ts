import { seedReports } from '../bench-reports.ts';
import { fmt, load, percentile, progress, reported, withBenchApp, type BenchCase, type BenchRow } from './harness.ts';
import type { Engine } from './goals.ts';
import { runInParish } from '../../src/db/parish-scope.ts';
import { HOME_PARISH_ID } from '../../src/db/schema/parishes.ts';

/** Requests per timed run, and runs per measure (the median p95 is reported). */
const REQUESTS = 300;
const RUNS = 3;

/**
 * The median of the runs' p95s, p50s and requests a second. The rate is Little's law for the
 * closed loop of `connections` clients (connections / mean response time), not requests over the
 * run's wall time, which for a run of a few hundred requests mostly measures the load process's
 * start.
 */
export async function medianP95(
  run: () => Promise<{ times: number[] }>,
  runs = RUNS,
  connections = 10,
): Promise<{ p95: number; p50: number; rate: number; each: number[] }> {
  const results: { p95: number; p50: number; rate: number }[] = [];
  for (let i = 0; i < runs; i += 1) {
    const { times } = await run();
    const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
    results.push({ p95: percentile(times, 95), p50: percentile(times, 50), rate: (connections * 1000) / mean });
  }
  const middle = <K extends 'p95' | 'p50' | 'rate'>(key: K) =>
    [...results].sort((a, b) => a[key] - b[key])[Math.floor(results.length / 2)]![key];
  return { p95: middle('p95'), p50: middle('p50'), rate: middle('rate'), each: results.map((r) => r.p95) };
}

async function dashboardOn(engine: Engine): Promise<BenchRow[]> {
  return withBenchApp(engine, async (bench) => {
    const heads = engine === 'postgres' ? 50 : 10;
    progress('dashboard', engine, `seeding 20,000 members x ${heads} heads ...`);
    // In the home parish, whose admin the bench signs in (the handle has no parish outside a request).
    const payments = await runInParish(HOME_PARISH_ID, () => seedReports(bench.database, heads));
    const token = bench.adminToken;
    const floor = await medianP95(() => load(bench, token, ['/api/auth/verify'], REQUESTS));
    const dashboard = await medianP95(() => load(bench, token, ['/api/admin/dashboard'], REQUESTS));
    return [
      {
        engine,
        measure: `GET /api/admin/dashboard p95 at ${payments.toLocaleString('en-IN')} payments`,
        value: dashboard.p95,
        unit: 'ms',
        floor: `auth/verify p95 ${fmt(floor.p95)} ms`,
        goal: 'dashboardP95',
        note: `p50 ${fmt(dashboard.p50)}; runs ${dashboard.each.map(fmt).join('/')}`,
      },
    ];
  });
}

/**
 * `--only=dashboard`: `GET /api/admin/dashboard` at c = 10 with 20,000 members and 200,000
 * payments (PGlite) or 1,000,000 (PostgreSQL), beside `/api/auth/verify` (`docs/domain.md`, §12
 * "B3 Dashboard"; issue 18).
 */
export const dashboardCase: BenchCase = {
  name: 'dashboard',
  summary: 'dashboard p95 at c=10, 200,000 (PGlite) / 1,000,000 (PostgreSQL) payments',
  run: async () => [
    ...reported('dashboard', await dashboardOn('pglite')),
    ...reported('dashboard', await dashboardOn('postgres')),
  ],
};
