/**
 * The dashboard and reports part of `npm run bench` (issue 6; `docs/domain.md`, "B3" and "B4"):
 * seeds 20,000 members and 1,000,000 payments (PostgreSQL; 200,000 on PGlite) with
 * generate_series SQL (the summary triggers fire on the bulk insert as on any other), then
 * measures `GET /api/admin/dashboard` and the first page of each report tab through a real
 * listening server with autocannon, c = 10, 200 requests after 20 warm-up: p50 and p95.
 * Goals at p95: `bench/goals.ts` (`dashboardP95`, `reportP95`, `memberDueReportP95`; `docs/domain.md`, §12
 * "B3" and "B4"), beside `GET /api/auth/verify` of the same run (the floor, no goal).
 */
import { measureLoad } from './load.ts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { queryRows, type Database } from '../src/db/client.ts';
import { runAsOwner } from '../src/db/parish-scope.ts';

/** Members of the reports data set. */
export const REPORT_MEMBERS = 20_000;
/** Requests per measured endpoint (after the warm-up). */
export const REPORT_REQUESTS = 200;

/** One measured endpoint. */
export interface ReportBenchRow {
  name: string;
  p50: number;
  p95: number;
  requests: number;
  non2xx: number;
  /** The p95 bound in ms; NaN for the floor (no goal). */
  goalMs: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * Seeds the data set in the parish of the work in progress (`runInParish`; the bench's is the home
 * parish, 1): 20,000 members, `heads` heads over 2025 and 2026 (a fifth arrears, a fifth
 * miscellaneous, the rest current dues), one payment per member and head, about two thirds paid
 * over the last 700 days by cash/UPI/cheque at the office (three cashiers), Worldline or card.
 */
export async function seedReports(database: Database, heads: number): Promise<number> {
  const db = database.db;
  await db.execute(
    sql`INSERT INTO staff_users (username, name, role, password_hash)
        SELECT 'bench-cashier-' || g, 'Bench Cashier ' || g, 'cashier', 'x' FROM generate_series(1, 3) g
        ON CONFLICT DO NOTHING`,
  );
  await db.execute(
    sql`INSERT INTO members (name, mobile, parish_number, current_location)
        SELECT (ARRAY['Thomas','Mariamma','Joseph','Annamma','Varghese','Aleyamma','Philip','Susan','Abraham','Lissy'])[1 + g % 10]
                 || ' ' || (ARRAY['Mathew','Kurian','Chacko','George','Jacob','Antony','Ouseph','Varkey','Thomas','John'])[1 + (g / 10) % 10]
                 || ' ' || g,
               '917' || lpad(g::text, 9, '0'), 'RB' || lpad(g::text, 6, '0'), 'Kottayam'
          FROM generate_series(1, ${REPORT_MEMBERS}) g`,
  );
  await db.execute(
    sql`INSERT INTO payment_heads (name, amount_paise, type, year, due_date)
        SELECT 'Bench Head ' || lpad(g::text, 2, '0'), 10000 * (1 + g % 20),
               (CASE WHEN g % 5 = 0 THEN 'arrear' WHEN g % 5 = 1 THEN 'miscellaneous' ELSE 'current due' END)::head_type,
               2025 + g % 2, CASE WHEN g % 5 = 0 THEN NULL ELSE '2027-03-31'::date END
          FROM generate_series(1, ${heads}) g`,
  );
  // One statement per block of 1,000 members (all heads): each stays far below the statement
  // timeout, the summary triggers fire per statement as they do for an import, and each member's
  // summary row is written once (no dead rows for the benchmark to trip over).
  for (let first = 1; first <= REPORT_MEMBERS; first += 1000) {
    await db.execute(
      sql`WITH m AS (SELECT id, substr(parish_number, 3)::int AS n FROM members
                      WHERE parish_number BETWEEN ${`RB${String(first).padStart(6, '0')}`}
                                              AND ${`RB${String(first + 999).padStart(6, '0')}`}),
             h AS (SELECT id, amount_paise, year, substr(name, 12)::int AS k FROM payment_heads WHERE name LIKE 'Bench Head %'),
             c AS (SELECT array_agg(id ORDER BY username) AS ids FROM staff_users WHERE username LIKE 'bench-cashier-%'),
             x AS (SELECT m.id AS member_id, h.id AS head_id, h.amount_paise, h.year, (m.n * 31 + h.k * 17) % 100 AS r,
                          (m.n * 7 + h.k * 13) % 700 AS days, m.n % 1440 AS minutes FROM m CROSS JOIN h)
        INSERT INTO payments (member_id, payment_head_id, amount_paise, paid_amount_paise, status, year, paid_at,
                              payment_method, payment_gateway, collection_mode, collected_by, transaction_id)
        SELECT member_id, head_id, amount_paise,
               CASE WHEN r < 67 THEN amount_paise END,
               (CASE WHEN r < 67 THEN 'paid' WHEN r < 69 THEN 'failed' ELSE 'pending' END)::payment_status,
               year,
               CASE WHEN r < 67 THEN now() - days * interval '1 day' - minutes * interval '1 minute' END,
               CASE WHEN r >= 67 THEN NULL WHEN r < 30 THEN 'cash' WHEN r < 45 THEN 'upi' WHEN r < 52 THEN 'cheque'
                    WHEN r < 62 THEN 'online' ELSE 'card' END,
               (CASE WHEN r >= 67 THEN NULL WHEN r < 52 THEN 'manual' WHEN r < 62 THEN 'worldline' ELSE 'razorpay' END)::payment_gateway,
               CASE WHEN r < 52 THEN 'manual' END,
               CASE WHEN r < 52 THEN (SELECT ids[1 + (r % 3)] FROM c) END,
               CASE WHEN r < 52 THEN 'REF' || r || '-' || days END
          FROM x`,
    );
  }
  // The owner's (a handle working as parish_app may not vacuum the tables it does not own).
  // Awaited inside: a drizzle query starts when awaited, and must start in the owner's context.
  await runAsOwner(async () => {
    await db.execute(sql`VACUUM ANALYZE`);
  });
  const [row] = await queryRows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM payments`);
  return Number(row?.n ?? 0);
}

/** Measures the dashboard and the first page of each report through a listening server. */
export async function measureReports(
  app: FastifyInstance,
  token: string,
  goals: { dashboard: number; report: number; memberDue: number },
): Promise<ReportBenchRow[]> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const targets: { name: string; method: 'GET' | 'POST'; path: string; body?: string; goal: number }[] = [
    // This run's floor, the cheapest signed-in request (no goal): a busy machine shows in it.
    { name: 'floor: auth/verify', method: 'GET', path: '/api/auth/verify', goal: Number.NaN },
    { name: 'dashboard', method: 'GET', path: '/api/admin/dashboard', goal: goals.dashboard },
    ...(['overview', 'daily', 'member', 'head', 'yearwise', 'details', 'direct', 'member-due'] as const).map(
      (type) => ({
        name: `report ${type}`,
        method: 'POST' as const,
        path: '/api/admin/reports',
        body: JSON.stringify({ type }),
        goal: type === 'member-due' ? goals.memberDue : goals.report,
      }),
    ),
  ];
  const rows: ReportBenchRow[] = [];
  for (const target of targets) {
    const options = {
      url: `${base}${target.path}`,
      method: target.method,
      headers,
      connections: 10,
      ...(target.body && { body: target.body }),
    };
    const result = await measureLoad({ ...options, amount: REPORT_REQUESTS }, 20);
    const { times } = result;
    rows.push({
      name: target.name,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      requests: times.length,
      non2xx: result.non2xx,
      goalMs: target.goal,
    });
    process.stdout.write(`  ${target.name}: p50 ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms\n`);
  }
  return rows;
}
