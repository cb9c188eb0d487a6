import { accountsCase } from './accounts.ts';
import { collectionsCase } from './collections.ts';
import { dashboardCase } from './dashboard.ts';
import { dioceseCase } from './diocese.ts';
import { dioceseScaleCase } from './diocese-scale.ts';
import { exportCase } from './export.ts';
import { printRows, type BenchCase } from './harness.ts';
import { memberListCase } from './member-list.ts';
import { paintCase } from './paint.ts';
import { paintSlowCase } from './paint-slow.ts';
import { pgliteMixedCase } from './pglite-mixed.ts';
import { portalCase } from './portal.ts';

/**
 * The cases of `npm run bench` that live in modules of their own, by `--only=` name. A new case:
 * a module exporting a {@link BenchCase}, one line here. Their goals: `goals.ts`.
 */
export const BENCH_CASES: readonly BenchCase[] = [
  dashboardCase,
  memberListCase,
  portalCase,
  collectionsCase,
  exportCase,
  pgliteMixedCase,
  paintCase,
  paintSlowCase,
  dioceseCase,
  dioceseScaleCase,
  accountsCase,
];

/**
 * Runs the named cases one after another (every case for none), printing each one's table as it
 * ends.
 * @throws when a name is not a case, or a case fails
 */
export async function runCases(names: readonly string[] = []): Promise<void> {
  const chosen = names.length === 0 ? BENCH_CASES : names.map((name) => caseNamed(name));
  for (const benchCase of chosen) {
    const started = performance.now();
    process.stdout.write(`\n## ${benchCase.name}: ${benchCase.summary}\n`);
    const rows = await benchCase.run();
    printRows(benchCase.name, rows);
    process.stdout.write(`(${benchCase.name}: ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  }
}

/** The case of that name. @throws when there is none */
function caseNamed(name: string): BenchCase {
  const found = BENCH_CASES.find((benchCase) => benchCase.name === name);
  if (!found) throw new Error(`no bench case '${name}' (cases: ${BENCH_CASES.map((c) => c.name).join(', ')})`);
  return found;
}

/** Whether `name` is one of {@link BENCH_CASES}. */
export function isBenchCase(name: string | undefined): boolean {
  return BENCH_CASES.some((benchCase) => benchCase.name === name);
}
