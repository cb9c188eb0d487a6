import { fmt, load, loadDemo, reported, withBenchApp, type BenchCase, type BenchRow } from './harness.ts';
import { medianP95 } from './dashboard.ts';
import type { Engine } from './goals.ts';

/** The demo's documented member (`scripts/demo.ts`): four pending dues and two paid. */
export const DEMO_MEMBER = { identifier: '9847012345', password: 'Thom2345' };
const REQUESTS = 400;

async function portalOn(engine: Engine): Promise<BenchRow[]> {
  return withBenchApp(
    engine,
    async (bench) => {
      const token = await bench.login('member', DEMO_MEMBER.identifier, DEMO_MEMBER.password);
      const floor = await medianP95(() => load(bench, token, ['/api/auth/verify'], REQUESTS));
      const floorText = `auth/verify p95 ${fmt(floor.p95)} ms, ${fmt(floor.rate)} req/s`;
      const rows: BenchRow[] = [];
      for (const path of ['/api/customer/payments', '/api/customer/payments?status=pending']) {
        const result = await medianP95(() => load(bench, token, [path], REQUESTS));
        rows.push(
          {
            engine,
            measure: `GET ${path} p95`,
            value: result.p95,
            unit: 'ms',
            floor: floorText,
            goal: 'portalP95',
            note: `p50 ${fmt(result.p50)}`,
          },
          {
            engine,
            measure: `GET ${path} rate`,
            value: result.rate,
            unit: 'req/s',
            floor: floorText,
            goal: 'portalRate',
          },
        );
      }
      return rows;
    },
    loadDemo,
  );
}

/**
 * `--only=portal`: the member portal on the demo parish (`npm run demo`), c = 10, the demo member's
 * dues (`/api/customer/payments`, with the summary) and their pending ones, beside
 * `/api/auth/verify` with the same member token (`docs/domain.md`, §12 "B2" and "C2"; issue 18).
 */
export const portalCase: BenchCase = {
  name: 'portal',
  summary: 'member portal at c=10 on the demo parish: /api/customer/payments and ?status=pending',
  run: async () => [...reported('portal', await portalOn('pglite')), ...reported('portal', await portalOn('postgres'))],
};
