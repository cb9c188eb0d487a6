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
      // Warm, as every latency of the bench is measured (docs/domain.md, §12 "How we measure"): each
      // path once at the same load, untimed (V8's compiled code, the pool's connections and their
      // prepared statements), so the first path measured does not pay for the start of the run.
      const paths = ['/api/customer/payments', '/api/customer/payments?status=pending'];
      await load(bench, token, ['/api/auth/verify', ...paths], REQUESTS, 0);
      const floor = await medianP95(() => load(bench, token, ['/api/auth/verify'], REQUESTS));
      const floorText = `auth/verify p95 ${fmt(floor.p95)} ms, ${fmt(floor.rate)} req/s`;
      const rows: BenchRow[] = [];
      for (const path of paths) {
        const result = await medianP95(() => load(bench, token, [path], REQUESTS));
        rows.push(
          {
            engine,
            measure: `GET ${path} p95`,
            value: result.p95,
            unit: 'ms',
            floor: floorText,
            goal: null,
            note: `p50 ${fmt(result.p50)}; runs ${result.each.map(fmt).join('/')}`,
          },
          {
            engine,
            measure: `GET ${path} p95 over the floor's`,
            value: result.p95 / floor.p95,
            unit: 'x',
            floor: floorText,
            goal: 'portalVsFloor',
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
 * The p95 is held to twice the floor's p95 of the same run (`portalVsFloor`, issue 31): on a busy
 * machine both grow, so the ratio says what the code costs. The server works as the app does: the
 * role `parish_app` under the parish policies (`harness.ts`, decision 0128).
 */
export const portalCase: BenchCase = {
  name: 'portal',
  summary: 'member portal at c=10 on the demo parish: /api/customer/payments and ?status=pending',
  run: async () => [...reported('portal', await portalOn('pglite')), ...reported('portal', await portalOn('postgres'))],
};
