import { createInterface } from 'node:readline/promises';

import { sql } from 'drizzle-orm';

import { queryRows, type DbOrTx } from '../src/db/client.ts';

/**
 * `npm run demo` on a database that holds data, and starting over (`npm run demo -- --reset`).
 * The demo loads only into an empty parish: members, payment heads or payments already there
 * (the parish's own, or an earlier demo) make it stop and say how to start over.
 */

/** The demo's command-line flags: `--reset` starts over, `--yes` answers its question (scripts). */
export interface DemoArgs {
  reset: boolean;
  yes: boolean;
}

/** Reads `--reset` and `--yes` (also `-y`); any other argument is refused with the usage line. */
export function parseDemoArgs(argv: string[]): DemoArgs {
  const args: DemoArgs = { reset: false, yes: false };
  for (const arg of argv) {
    if (arg === '--reset') args.reset = true;
    else if (arg === '--yes' || arg === '-y') args.yes = true;
    else throw new Error(`Unknown argument ${arg}. Usage: npm run demo [-- --reset [--yes]]`);
  }
  return args;
}

/** The message printed when the database is not empty: what is there and how to start over. */
export function notEmptyMessage(where: string, counts: DataCounts): string {
  return (
    `The database in ${where} is not empty (${counts.members} members, ${counts.heads} payment heads, ` +
    `${counts.payments} payments), so the demo was not loaded and nothing changed.\n` +
    'To start over with only the demo parish, which DELETES everything in it, run:\n' +
    '  npm run demo -- --reset\n' +
    '(add --yes to skip the question, in scripts). Take a backup first if it may be needed: npm run backup'
  );
}

/** How many members, payment heads and payments the database holds. */
export interface DataCounts {
  members: number;
  heads: number;
  payments: number;
}

/** Counts what would make the demo refuse: members, payment heads and payments (any state). */
export async function countParishData(db: DbOrTx): Promise<DataCounts> {
  const [row] = await queryRows<{ members: number; heads: number; payments: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM members)::int AS members,
               (SELECT count(*) FROM payment_heads)::int AS heads,
               (SELECT count(*) FROM payments)::int AS payments`,
  );
  return row ?? { members: 0, heads: 0, payments: 0 };
}

/**
 * Asks before starting over: true with `--yes`, or when the person types `reset` at the prompt.
 * Without a terminal and without `--yes` it answers false (a script must say --yes).
 */
export async function confirmReset(where: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY) {
    process.stderr.write('npm run demo -- --reset deletes the whole database: add --yes to confirm in a script.\n');
    return false;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(
      `This DELETES every member, payment head, payment, receipt and staff account in ${where}, ` +
        'then loads the demo parish.\nType reset to continue: ',
    );
    return answer.trim().toLowerCase() === 'reset';
  } finally {
    rl.close();
  }
}
