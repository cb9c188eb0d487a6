/**
 * `npm run demo`: loads a demo parish into the configured database so that every screen has
 * something to show, then prints how to sign in.
 *
 * - Configuration as the server's (`loadConfig`): `DATABASE_URL` for a PostgreSQL server, else the
 *   embedded PGlite in `DATA_DIR/pglite`. On PGlite the data directory's lock is taken first, so
 *   the server must be stopped (only one process may open an embedded database).
 * - On an empty database it also creates the parish settings row and the first admin, as the
 *   server does at first start, and prints the admin password if one was generated.
 * - It loads only into an empty parish: when members, payment heads or payments exist it says so,
 *   changes nothing, exits 1 and prints how to start over: `npm run demo -- --reset` deletes the
 *   whole database after a typed confirmation (`--yes` confirms in scripts), then loads the demo
 *   (`demo-reset.ts`).
 * - Content: St. Mary's parish in Kottayam, a cashier (`cashier` / `cashier-demo-1`), 300 members
 *   (SM001-SM300), six payment heads over 2025 and 2026, about 1,600 payments (paid at the office
 *   in cash, UPI or cheque, paid online through Worldline, pending), online transactions (a few
 *   failed) and receipt numbers with consistent counters. Names, numbers and the payment pattern
 *   come from a seeded generator, so every load is the same parish; dates are relative to the
 *   moment of loading, so today's and this week's collections are never empty.
 * - The documented member: Thomas Mathew, mobile 9847012345, parish number SM001, initial password
 *   `Thom2345`, with pending arrears, pending current dues, a pending miscellaneous head, two paid
 *   payments (one in cash, one online) and a cancelled online attempt.
 *
 * The mobile numbers are made up but well-formed, so some may belong to real people: do not send
 * WhatsApp reminders from a demo database with a live WhatsApp account.
 */
import path from 'node:path';

import { and, desc, eq, sql } from 'drizzle-orm';

import { loadConfig, type Config } from '../src/config/env.ts';
import { openDatabase, type Database, type DbOrTx, type Tx } from '../src/db/client.ts';
import {
  members,
  parishSettings,
  paymentHeads,
  payments,
  receiptCounters,
  staffUsers,
  transactionItems,
  transactions,
} from '../src/db/schema/index.ts';
import { wipeDatabase } from '../src/db/wipe.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { addressToPrint } from '../src/lib/server-address.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { recordAudit, type AuditContext } from '../src/modules/audit/audit.repository.ts';
import { receiptsForNumberedPayments } from '../src/modules/payments/ledger/receipts.ts';
import { ensureParishSettings } from '../src/modules/settings/settings.service.ts';
import { ensureFirstAdmin } from '../src/modules/users/users.service.ts';
import { demoHeads, type DemoHead } from './demo-heads.ts';
import { confirmReset, countParishData, notEmptyMessage, parseDemoArgs } from './demo-reset.ts';
import { assignReceiptNumbers, planLedger, type Ledger } from './demo-ledger.ts';
import { generateMembers, type DemoMember } from './demo-people.ts';
import { createRng } from './demo-random.ts';
import { isDemoMember, printSummary, say } from './demo-summary.ts';
import { parishCalendar, type ParishCalendar } from './demo-time.ts';

/** Seeds of the generators: change them and you get another (equally valid) parish. */
const PEOPLE_SEED = 20_261_122;
const LEDGER_SEED = 20_250_106;
const MEMBER_COUNT = 300;
/** Rows per INSERT statement. */
const CHUNK = 500;
/** Who the `demo.loaded` audit record names: the system, as `npm run demo`. */
const DEMO_AUDIT: AuditContext = {
  actorType: 'system',
  actorId: null,
  actorName: 'npm run demo',
  requestId: null,
  ip: null,
};

const PARISH = {
  name: 'St. Mary’s Orthodox Syrian Church, Kottayam',
  address: 'Church Road, Thazhathangady, Kottayam, Kerala 686005',
  contact: 'Parish office: 0481 256 3412, +91 94470 56789 · office@stmaryskottayam.org',
};
const CASHIER = { username: 'cashier', name: 'Thomas Varghese', password: 'cashier-demo-1' };

/**
 * Entry point: configuration, the data-directory lock on PGlite (exit 1 with "Stop the server
 * first" when the server holds it), open and migrate, load, close, release.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const args = parseDemoArgs(process.argv.slice(2));
  // A relative DATA_DIR resolves against INIT_CWD, as for the server (see loadConfig).
  const config = loadConfig();
  let release = (): void => undefined;
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (error) {
      process.stderr.write(`Stop the server first. ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
  }
  try {
    const pgliteDir = path.join(config.dataDir, 'pglite');
    if (args.reset) {
      if (!(await confirmReset(databaseName(config), args.yes))) {
        say('Nothing changed.');
        process.exitCode = 1;
        return;
      }
      await wipeDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
      say(`Deleted the database in ${databaseName(config)}.`);
    }
    // The demo is the home parish's (decision 0128): its statements run in it, under its policies.
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, scope: { fallbackParish: 1 } });
    try {
      await loadDemo(database, config, startedAt);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/**
 * Loads the demo into an open database (see the file comment), or, when the parish holds data
 * already, changes nothing and sets exit code 1 with how to start over. Prints progress, the
 * summary and the sign-ins.
 */
async function loadDemo(database: Database, config: Config, startedAt: number): Promise<void> {
  const { db } = database;
  const where = databaseName(config);
  const counts = await countParishData(db);
  if (counts.members + counts.heads + counts.payments > 0) {
    process.stderr.write(`${notEmptyMessage(where, counts)}\n`);
    process.exitCode = 1;
    return;
  }
  await ensureParishSettings(db, config.parishName);
  const firstAdmin = await ensureFirstAdmin(db, config.adminUsername, config.adminPassword);
  if (firstAdmin.generatedPassword) {
    say(`\n  First admin account created: username ${config.adminUsername}, password ${firstAdmin.generatedPassword}`);
    say('  This password is shown only once (the server will not print it again).\n');
  }

  const calendar = parishCalendar(new Date(), config.parishTimezone);
  const taken = await db.select({ mobile: members.mobile }).from(members).where(eq(members.isActive, true));
  const people = generateMembers(
    createRng(PEOPLE_SEED),
    calendar,
    MEMBER_COUNT,
    new Set(taken.map((row) => row.mobile)),
  );
  const heads = demoHeads(calendar);
  const ledger = planLedger(createRng(LEDGER_SEED), calendar, people, heads);

  say(`Loading the demo parish into ${where}.`);
  const cashierExists = (await findStaffId(db, CASHIER.username)) !== null;
  const cashierHash = cashierExists ? null : await hashPassword(CASHIER.password);

  const written = await db.transaction((tx) => writeDemo(tx, { config, calendar, people, heads, ledger, cashierHash }));
  if (!written) {
    say('Another process loaded the demo meanwhile. Nothing changed.');
    return;
  }
  await printSummary(db, {
    calendar,
    heads,
    parishName: PARISH.name,
    memberCount: MEMBER_COUNT,
    publicUrl: addressToPrint(config),
    adminUsername: config.adminUsername,
    generatedAdminPassword: firstAdmin.generatedPassword,
    cashier: { ...CASHIER, existed: cashierExists },
  });
  say(`\nLoaded in ${seconds(performance.now() - startedAt)}.`);
}

interface DemoContent {
  config: Config;
  calendar: ParishCalendar;
  people: DemoMember[];
  /** Argon2id PHC strings, one per member, same order. */
  heads: DemoHead[];
  ledger: Ledger;
  /** The cashier's hash, or null when a `cashier` account exists already (left alone). */
  cashierHash: string | null;
}

/**
 * Writes everything in one transaction. Receipt numbers continue from `receipt_counters`, read
 * with a row lock so a running server (PostgreSQL) cannot hand out the same number meanwhile.
 * @returns false, writing nothing, when the demo turned out to be loaded already.
 */
async function writeDemo(tx: Tx, content: DemoContent): Promise<boolean> {
  if (await isDemoLoaded(tx)) return false;
  const { config, calendar, people, heads, ledger } = content;
  const nowIso = calendar.now.toISOString();

  await tx
    .update(parishSettings)
    .set({ ...PARISH, demo: true, updatedAt: nowIso })
    .where(eq(parishSettings.id, 1));
  if (content.cashierHash) {
    await tx
      .insert(staffUsers)
      .values({ username: CASHIER.username, name: CASHIER.name, role: 'cashier', passwordHash: content.cashierHash })
      .onConflictDoNothing();
  }
  const cashierId = await findStaffId(tx, CASHIER.username);
  const [admin] = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true)))
    .orderBy(desc(sql`lower(${staffUsers.username}) = ${config.adminUsername.toLowerCase()}`), staffUsers.createdAt)
    .limit(1);
  const adminId = admin?.id ?? cashierId;

  const counters = await tx.select().from(receiptCounters).for('update');
  const lastNumbers = assignReceiptNumbers(
    ledger.payments,
    new Map(counters.map((row) => [row.financialYear, row.lastNumber])),
    calendar.timeZone,
  );

  await tx.insert(paymentHeads).values(
    heads.map((head) => ({
      id: head.id,
      name: head.name,
      description: head.description,
      amountPaise: head.amountPaise,
      type: head.type,
      year: head.year,
      dueDate: head.dueDate,
      variableAmount: head.variableAmount,
      createdAt: head.createdAt.toISOString(),
      updatedAt: head.createdAt.toISOString(),
    })),
  );
  for (const chunk of chunks(people)) {
    await tx.insert(members).values(
      chunk.map((member) => ({
        id: member.id,
        ...member.input,
        alternateContact: member.input.alternateContact ?? null,
        currentLocation: member.input.currentLocation ?? null,
        email: member.input.email ?? null,
        address: member.input.address ?? null,
        // The initial password is derived at sign-in (see the members schema).
        passwordHash: null,
        passwordIsInitial: true,
        isActive: member.isActive,
        createdAt: member.createdAt.toISOString(),
        updatedAt: (member.deactivatedAt ?? member.createdAt).toISOString(),
      })),
    );
  }
  for (const chunk of chunks(ledger.payments)) {
    await tx.insert(payments).values(
      chunk.map((payment) => {
        const paid = payment.paid;
        const online = paid?.channel === 'online';
        return {
          id: payment.id,
          memberId: payment.memberId,
          paymentHeadId: payment.head.id,
          amountPaise: payment.amountPaise,
          paidAmountPaise: paid?.paidAmountPaise ?? null,
          status: paid ? ('paid' as const) : ('pending' as const),
          year: payment.head.year,
          dueDate: payment.head.dueDate,
          paidAt: paid?.paidAt.toISOString() ?? null,
          transactionId: paid?.gatewayTransactionId ?? null,
          pgTransactionId: paid?.reference ?? null,
          paymentMethod: paid?.channel ?? null,
          paymentGateway: paid ? (online ? ('worldline' as const) : ('manual' as const)) : null,
          collectionMode: paid ? (online ? 'online' : 'manual') : null,
          collectedBy: paid?.collector === 'cashier' ? cashierId : paid?.collector === 'admin' ? adminId : null,
          notes: paid?.notes ?? null,
          receiptNumber: payment.receiptNumber,
          createdAt: payment.createdAt.toISOString(),
          updatedAt: (paid?.paidAt ?? payment.createdAt).toISOString(),
        };
      }),
    );
  }
  await receiptsForNumberedPayments(tx);
  for (const chunk of chunks(ledger.transactions)) {
    await tx.insert(transactions).values(
      chunk.map((txn) => ({
        id: txn.id,
        memberId: txn.memberId,
        amountPaise: txn.amountPaise,
        status: txn.status,
        paymentGateway: 'worldline' as const,
        transactionId: txn.transactionId,
        pgReferenceId: txn.pgReferenceId,
        paymentMethod: 'online',
        statusCode: txn.statusCode,
        errorMessage: txn.errorMessage,
        createdAt: txn.createdAt.toISOString(),
        updatedAt: txn.settledAt.toISOString(),
        settledAt: txn.settledAt.toISOString(),
      })),
    );
  }
  const items = ledger.transactions.flatMap((txn) => txn.items.map((item) => ({ transactionId: txn.id, ...item })));
  for (const chunk of chunks(items)) await tx.insert(transactionItems).values(chunk);

  for (const [financialYear, lastNumber] of lastNumbers) {
    await tx
      .insert(receiptCounters)
      .values({ financialYear, lastNumber })
      .onConflictDoUpdate({ target: [receiptCounters.parishId, receiptCounters.financialYear], set: { lastNumber } });
  }
  const paidCount = ledger.payments.filter((p) => p.paid).length;
  await recordAudit(tx, DEMO_AUDIT, {
    action: 'demo.loaded',
    entityType: 'demo',
    after: {
      members: people.length,
      paymentHeads: heads.length,
      payments: { paid: paidCount, pending: ledger.payments.length - paidCount },
      transactions: ledger.transactions.length,
      receiptCounters: Object.fromEntries(lastNumbers),
    },
  });
  return true;
}

/** True when any member's parish number starts with the demo prefix. */
/** Where the demo goes, in words: the PGlite directory or "PostgreSQL". */
function databaseName(config: Config): string {
  return config.databaseUrl ? 'PostgreSQL' : `PGlite at ${path.join(config.dataDir, 'pglite')}`;
}

async function isDemoLoaded(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(isDemoMember()).limit(1);
  return row !== undefined;
}

async function findStaffId(db: DbOrTx, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = ${username.toLowerCase()}`);
  return row?.id ?? null;
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) out.push(rows.slice(start, start + CHUNK));
  return out;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

main().catch((error: unknown) => {
  // The stack for whoever debugs it, then the reason alone as the last line.
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${stack ? `${stack}\n\n` : ''}npm run demo failed: ${reason}\n`);
  process.exit(1);
});
