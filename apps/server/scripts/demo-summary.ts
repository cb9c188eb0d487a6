import { and, count, eq, gte, sql, type SQL } from 'drizzle-orm';

import { formatINR, paiseOfSum } from '@parish/shared';

import type { DbOrTx } from '../src/db/client.ts';
import { members, payments, receiptCounters, transactions } from '../src/db/schema/index.ts';
import type { DemoHead } from './demo-heads.ts';
import { formatReceiptNumber } from './demo-ledger.ts';
import { DEMO_PREFIX, FIXED_MEMBER } from './demo-people.ts';
import { parishInstant, type ParishCalendar } from './demo-time.ts';

/** Prints one line to stdout. */
export function say(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** SQL condition: the member's parish number starts with the demo prefix. */
export function isDemoMember(): SQL {
  return sql`upper(${members.parishNumber}) like ${`${DEMO_PREFIX}%`}`;
}

/** What the summary needs besides the database. */
export interface SummaryContext {
  calendar: ParishCalendar;
  heads: DemoHead[];
  parishName: string;
  memberCount: number;
  publicUrl: string;
  adminUsername: string;
  /** The first admin's password when this run generated it, else null. */
  generatedAdminPassword: string | null;
  /** The demo cashier; `existed` when the account was there before (and left alone). */
  cashier: { username: string; password: string; name: string; existed: boolean };
}

/**
 * Prints what the database now holds for the demo members (counted there, not from the plan):
 * members, payments by status, collected in all and today (rupees, from paise), online
 * transactions by status, receipt counters, then the sign-ins.
 */
export async function printSummary(db: DbOrTx, context: SummaryContext): Promise<void> {
  const { calendar, heads, cashier } = context;
  const demoMember = isDemoMember();
  const memberRows = await db
    .select({ isActive: members.isActive, n: count() })
    .from(members)
    .where(demoMember)
    .groupBy(members.isActive);
  const paymentRows = await db
    .select({ status: payments.status, n: count() })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .where(demoMember)
    .groupBy(payments.status);
  const startOfToday = parishInstant(calendar, calendar.today, 0).toISOString();
  const paidSum = sql<string>`coalesce(sum(coalesce(${payments.paidAmountPaise}, ${payments.amountPaise})), 0)`;
  const [collected] = await db
    .select({ total: paidSum, n: count() })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .where(and(demoMember, eq(payments.status, 'paid')));
  const [today] = await db
    .select({ total: paidSum, n: count() })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .where(and(demoMember, eq(payments.status, 'paid'), gte(payments.paidAt, startOfToday)));
  const txnRows = await db
    .select({ status: transactions.status, n: count() })
    .from(transactions)
    .innerJoin(members, eq(members.id, transactions.memberId))
    .where(demoMember)
    .groupBy(transactions.status);
  const counters = await db.select().from(receiptCounters).orderBy(receiptCounters.financialYear);

  const active = memberRows.find((row) => row.isActive)?.n ?? 0;
  const inactive = memberRows.find((row) => !row.isActive)?.n ?? 0;
  const num = (value: number) => value.toLocaleString('en-IN');
  const tally = (rows: { status: string; n: number }[], statuses: string[]) =>
    `${num(rows.reduce((sum, row) => sum + row.n, 0))}: ` +
    statuses.map((status) => `${num(rows.find((row) => row.status === status)?.n ?? 0)} ${status}`).join(', ');
  const typeCount = (type: DemoHead['type']) => heads.filter((head) => head.type === type).length;
  const lastNumber = `${DEMO_PREFIX}${String(context.memberCount).padStart(3, '0')}`;
  const rupees = (row: { total: string } | undefined) => formatINR(paiseOfSum(row?.total));

  say('\nDemo parish loaded:');
  say(`  Parish         ${context.parishName}`);
  say(
    `  Members        ${num(active + inactive)} (${num(active)} active, ${num(inactive)} moved away), ${FIXED_MEMBER.parishNumber} to ${lastNumber}`,
  );
  say(
    `  Payment heads  ${heads.length}: ${typeCount('arrear')} arrears, ${typeCount('current due')} current due, ` +
      `${typeCount('miscellaneous')} miscellaneous (2025 and 2026)`,
  );
  say(`  Payments       ${tally(paymentRows, ['paid', 'pending', 'failed'])}`);
  say(
    `  Collected      ${rupees(collected)} in all; today ${rupees(today)} ` +
      `(${num(today?.n ?? 0)} payments, ${calendar.timeZone})`,
  );
  say(`  Transactions   ${tally(txnRows, ['success', 'failed'])} (online, Worldline)`);
  const receipts = counters.map((row) => `up to ${formatReceiptNumber(row.financialYear, row.lastNumber)}`);
  say(`  Receipts       ${receipts.join(', ')}`);
  say('\nSign in with:');
  const staffLogin = `${context.publicUrl}/admin/login`;
  const adminPassword = context.generatedAdminPassword
    ? `password ${context.generatedAdminPassword} (generated now, shown once)`
    : 'the password you set (ADMIN_PASSWORD) or the one printed at first start';
  say(`  Admin    ${staffLogin}  username ${context.adminUsername}, ${adminPassword}`);
  say(
    cashier.existed
      ? `  Cashier  username ${cashier.username} (the account existed already; its password is unchanged)`
      : `  Cashier  ${staffLogin}  username ${cashier.username}, password ${cashier.password} (${cashier.name})`,
  );
  const { mobile, parishNumber, initialPassword, name } = FIXED_MEMBER;
  say(
    `  Member   ${context.publicUrl}/  mobile ${mobile.slice(2)} or parish number ${parishNumber}, ` +
      `password ${initialPassword} (${name}: arrears, current dues, paid receipts)`,
  );
}
