import { fmt, load, loadDemo, reported, withBenchApp, type BenchCase, type BenchRow } from './harness.ts';
import { medianP95 } from './dashboard.ts';
import type { Engine } from './goals.ts';
import { keepPortalAnswers } from '../../src/modules/portal/portal.service.ts';

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
      // Last, the same path with no answer kept (decision 0163): every request reads its rows, as
      // when something was committed anywhere since the member's last request (a busy diocese).
      const runs = [...paths.map((path) => ({ path, kept: true })), { path: paths[0]!, kept: false }];
      for (const { path, kept } of runs) {
        keepPortalAnswers(kept);
        const result = await medianP95(() => load(bench, token, [path], REQUESTS)).finally(() =>
          keepPortalAnswers(true),
        );
        const what = kept ? `GET ${path}` : `GET ${path} with no answer kept`;
        rows.push(
          {
            engine,
            measure: `${what} p95`,
            value: result.p95,
            unit: 'ms',
            floor: floorText,
            goal: null,
            note: `p50 ${fmt(result.p50)}; runs ${result.each.map(fmt).join('/')}`,
          },
          {
            engine,
            measure: `${what} p95 over the floor's`,
            value: result.p95 / floor.p95,
            unit: 'x',
            floor: floorText,
            goal: kept ? 'portalVsFloor' : null,
          },
          {
            engine,
            measure: `${what} rate`,
            value: result.rate,
            unit: 'req/s',
            floor: floorText,
            goal: kept ? 'portalRate' : null,
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
 * machine both grow, so the ratio says what the code costs. The member's answer is kept under the
 * database snapshot (decision 0163); a last run of the first path with no answer kept says what a
 * request costs after a commit (reported, no goal). The server works as the app does: the
 * role `parish_app` under the parish policies (`harness.ts`, decision 0128).
 */
export const portalCase: BenchCase = {
  name: 'portal',
  summary: 'member portal at c=10 on the demo parish: /api/customer/payments and ?status=pending',
  run: async () => [...reported('portal', await portalOn('pglite')), ...reported('portal', await portalOn('postgres'))],
};
