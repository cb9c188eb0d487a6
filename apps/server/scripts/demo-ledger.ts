import { randomUUID } from 'node:crypto';

import { calendarDateIn, financialYearOf, paise, sumPaise, type Paise } from '@parish/shared';

import type { DemoHead } from './demo-heads.ts';
import type { DemoMember } from './demo-people.ts';
import type { Rng } from './demo-random.ts';
import {
  addDays,
  earliest,
  latest,
  parishInstant,
  parishTime,
  pickPaymentTime,
  plusMinutes,
  type ParishCalendar,
} from './demo-time.ts';

/** How a paid payment was settled. Amounts in paise. */
export interface PaidDetails {
  paidAt: Date;
  /** What was paid, in paise: the assigned amount, or more on a variable-amount head. */
  paidAmountPaise: Paise;
  channel: 'cash' | 'upi' | 'cheque' | 'online';
  /** `pgTransactionId`: UPI reference or cheque number at the office, the gateway reference online. */
  reference: string | null;
  /** Which staff account collected it; null for online payments. */
  collector: 'cashier' | 'admin' | null;
  notes: string | null;
  /** Our Worldline transaction id (`transactions.transaction_id`) for online payments. */
  gatewayTransactionId: string | null;
}

/** One `payments` row to insert: a head assigned to a member, paid or pending. Amounts in paise. */
export interface PlannedPayment {
  id: string;
  memberId: string;
  memberIndex: number;
  head: DemoHead;
  /** Assigned amount in paise. */
  amountPaise: Paise;
  createdAt: Date;
  paid: PaidDetails | null;
  /** Set by {@link assignReceiptNumbers} for paid payments. */
  receiptNumber: string | null;
}

/** One `transactions` row (a Worldline checkout) with its `transaction_items`. Amounts in paise. */
export interface PlannedTransaction {
  id: string;
  memberId: string;
  status: 'success' | 'failed';
  transactionId: string;
  pgReferenceId: string | null;
  statusCode: string;
  errorMessage: string | null;
  amountPaise: Paise;
  createdAt: Date;
  settledAt: Date;
  items: { paymentId: string; amountPaise: Paise }[];
}

/** Everything the demo writes about money. */
export interface Ledger {
  payments: PlannedPayment[];
  transactions: PlannedTransaction[];
}

const BANKS = [
  'SBI, Kottayam',
  'Federal Bank, Kottayam',
  'South Indian Bank, Thirunakkara',
  'CSB Bank, Kottayam',
  'Canara Bank, Nagampadam',
  'HDFC Bank, Baker Junction',
] as const;
const CASH_NOTES = [
  'Paid after Holy Qurbana',
  'Paid by son on behalf of the family',
  'Collected during the house blessing visit',
  'Paid at the parish office',
] as const;
const FAILURES = [
  'Payment failed',
  'Transaction declined by the bank',
  'Payment was cancelled by user',
  'Insufficient funds',
] as const;
/** Amounts given above the suggested ₹2,000 on the Building Fund, in paise. */
const GENEROUS_PAISE = [250_000, 300_000, 500_000, 1_000_000] as const;

/**
 * Plans every payment and online transaction of the demo. Most members owe most heads; how many
 * pay depends on the head and on the member. Office collections are cash, UPI or cheque by the
 * cashier or the admin; members who prefer the portal pay through Worldline, one checkout per year
 * of heads, and never pay a current due online while an arrear is pending (`docs/domain.md`, §4 "Arrears first"); some
 * checkouts fail first, and a few members have only a failed attempt. The first member gets the
 * fixed, documented history (see `demo.ts`). Receipt numbers come later, from the database's counters.
 */
export function planLedger(rng: Rng, calendar: ParishCalendar, members: DemoMember[], heads: DemoHead[]): Ledger {
  const ledger: Ledger = { payments: [], transactions: [] };
  const ids = worldlineIds(rng);
  for (const member of members) {
    const assigned = assignHeads(rng, calendar, member, heads);
    ledger.payments.push(...assigned);
    if (member.index === 0) {
      planFixedMember(rng, calendar, assigned, ledger, ids);
      continue;
    }
    const willPay = assigned.filter((p) => !member.isActive || rng.chance(clamp(p.head.payRate + member.diligence)));
    const pendingArrears = assigned.some((p) => p.head.type === 'arrear' && !willPay.includes(p));
    const online: PlannedPayment[] = [];
    const office: PlannedPayment[] = [];
    for (const payment of willPay) {
      const allowedOnline = payment.head.type !== 'current due' || !pendingArrears;
      (member.isActive && member.prefersOnline && allowedOnline && rng.chance(0.85) ? online : office).push(payment);
    }
    planOfficeVisits(rng, calendar, office);
    if (member.deactivatedAt) settleBefore(rng, office, member.deactivatedAt);
    planCheckouts(rng, calendar, online, assigned, ledger, ids);
    const pending = assigned.filter((p) => !p.paid);
    if (member.isActive && pending.length > 0 && rng.chance(0.03)) {
      const arrears = pending.some((p) => p.head.type === 'arrear');
      const items = pending.filter((p) => (arrears ? p.head.type !== 'current due' : true));
      const at = parishInstant(calendar, addDays(calendar.today, -rng.int(0, 45)), rng.int(7 * 60, 23 * 60));
      const when = earliest(at, calendar.now);
      if (items.length > 0 && when.getTime() > newest(items).getTime()) {
        ledger.transactions.push(failedCheckout(rng, ids, items, when));
      }
    }
  }
  return ledger;
}

/**
 * Gives each paid payment a receipt number, sequential per Indian financial year (April to March,
 * in the parish time zone) in the order they were paid, continuing from `lastNumbers`.
 * @param lastNumbers financial year (the year it starts) to the last number already used
 * @returns the new last number of every financial year touched, for `receipt_counters`
 */
export function assignReceiptNumbers(
  payments: PlannedPayment[],
  lastNumbers: ReadonlyMap<number, number>,
  timeZone: string,
): Map<number, number> {
  const counters = new Map(lastNumbers);
  const paid = payments
    .filter((p) => p.paid)
    .sort((a, b) => (a.paid?.paidAt.getTime() ?? 0) - (b.paid?.paidAt.getTime() ?? 0));
  for (const payment of paid) {
    if (!payment.paid) continue;
    const year = financialYearOf(calendarDateIn(payment.paid.paidAt, timeZone));
    const next = (counters.get(year) ?? 0) + 1;
    counters.set(year, next);
    payment.receiptNumber = formatReceiptNumber(year, next);
  }
  return counters;
}

/** `2026, 1` -> `"2026-27/000001"`: the financial year and a six-digit sequence. */
export function formatReceiptNumber(financialYear: number, sequence: number): string {
  return `${financialYear}-${String((financialYear + 1) % 100).padStart(2, '0')}/${String(sequence).padStart(6, '0')}`;
}

function assignHeads(rng: Rng, calendar: ParishCalendar, member: DemoMember, heads: DemoHead[]): PlannedPayment[] {
  const payments: PlannedPayment[] = [];
  for (const head of heads) {
    if (head.year === 2025 && member.joinedRecently) continue;
    if (!member.isActive && head.year !== 2025) continue; // revoked when the member was deactivated
    if (member.index !== 0 && member.isActive && !rng.chance(head.assignRate)) continue;
    const concession = head.key === 'churchTax2026' && member.index !== 0 && rng.chance(0.04);
    payments.push({
      id: randomUUID(),
      memberId: member.id,
      memberIndex: member.index,
      head,
      amountPaise: concession ? paise(head.amountPaise / 2) : head.amountPaise,
      createdAt: earliest(plusMinutes(latest(head.createdAt, member.createdAt), rng.int(1, 240)), calendar.now),
      paid: null,
      receiptNumber: null,
    });
  }
  return payments;
}

/**
 * Thomas Mathew: Church Tax 2025 paid in cash, Feast Offering 2026 paid online, a cancelled
 * checkout for the Cemetery Fund 2025, the rest pending.
 */
function planFixedMember(
  rng: Rng,
  calendar: ParishCalendar,
  assigned: PlannedPayment[],
  ledger: Ledger,
  ids: WorldlineIds,
): void {
  const byKey = (key: DemoHead['key']) => assigned.find((p) => p.head.key === key);
  const churchTax = byKey('churchTax2025');
  if (churchTax) {
    const paidAt = latest(parishTime(calendar, '2025-08-17T10:40'), plusMinutes(churchTax.createdAt, 1));
    churchTax.paid = officePaid(rng, churchTax, paidAt, 'cash', 'cashier');
    churchTax.paid.notes = 'Paid after Holy Qurbana';
  }
  const feast = byKey('feast2026');
  if (feast) {
    const paidAt = earliest(
      latest(parishTime(calendar, '2026-09-05T19:32'), plusMinutes(feast.createdAt, 5)),
      calendar.now,
    );
    ledger.transactions.push(successfulCheckout(rng, ids, [feast], paidAt));
  }
  const cemetery = byKey('cemetery2025');
  if (cemetery) {
    const at = earliest(parishInstant(calendar, addDays(calendar.today, -3), 20 * 60 + 15), calendar.now);
    const failed = failedCheckout(rng, ids, [cemetery], latest(at, plusMinutes(cemetery.createdAt, 5)));
    failed.errorMessage = 'Payment was cancelled by user';
    ledger.transactions.push(failed);
  }
}

/** A member who moved away settled everything before leaving: no payment after `until`. */
function settleBefore(rng: Rng, payments: PlannedPayment[], until: Date): void {
  for (const payment of payments) {
    if (!payment.paid || payment.paid.paidAt.getTime() < until.getTime()) continue;
    payment.paid.paidAt = latest(plusMinutes(until, -rng.int(60, 30 * 24 * 60)), plusMinutes(payment.createdAt, 30));
  }
}

/** Office collections, grouped by year; most members pay a year's heads in one visit. */
function planOfficeVisits(rng: Rng, calendar: ParishCalendar, payments: PlannedPayment[]): void {
  for (const group of byYear(payments)) {
    const visits = group.length > 1 && rng.chance(0.7) ? [group] : group.map((p) => [p]);
    for (const visit of visits) {
      const start = pickPaymentTime(rng, calendar, newest(visit), {
        style: 'office',
        spreadUntil: `${visit[0]?.head.year}-12-31`,
      });
      const channel = rng.pick([
        'cash',
        'cash',
        'cash',
        'cash',
        'cash',
        'upi',
        'upi',
        'upi',
        'cheque',
        'cheque',
      ] as const);
      const collector = rng.chance(0.65) ? 'cashier' : 'admin';
      let at = start;
      for (const payment of visit) {
        payment.paid = officePaid(rng, payment, earliest(at, calendar.now), channel, collector);
        at = new Date(at.getTime() + rng.int(20, 90) * 1000);
      }
    }
  }
}

function officePaid(
  rng: Rng,
  payment: PlannedPayment,
  paidAt: Date,
  channel: 'cash' | 'upi' | 'cheque',
  collector: 'cashier' | 'admin',
): PaidDetails {
  const paidAmountPaise = paidAmount(rng, payment);
  const reference =
    channel === 'upi'
      ? `${paidAt.getUTCFullYear() % 10}${rng.digits(11)}`
      : channel === 'cheque'
        ? `CHQ-${rng.digits(6)}`
        : null;
  let notes: string | null =
    channel === 'cheque' ? `Cheque on ${rng.pick(BANKS)}` : rng.chance(0.1) ? rng.pick(CASH_NOTES) : null;
  if (paidAmountPaise > payment.amountPaise) notes = 'Additional contribution towards the new parish hall';
  return { paidAt, paidAmountPaise, channel, reference, collector, notes, gatewayTransactionId: null };
}

/** Online payments: one Worldline checkout per year of heads, current dues only after every arrear is paid. */
function planCheckouts(
  rng: Rng,
  calendar: ParishCalendar,
  payments: PlannedPayment[],
  assigned: PlannedPayment[],
  ledger: Ledger,
  ids: WorldlineIds,
): void {
  for (const group of byYear(payments)) {
    let paidAt = pickPaymentTime(rng, calendar, newest(group), {
      style: 'online',
      spreadUntil: `${group[0]?.head.year}-12-31`,
    });
    if (group.some((p) => p.head.type === 'current due')) {
      const arrearsPaid = assigned
        .filter((p) => p.head.type === 'arrear' && p.paid)
        .map((p) => p.paid?.paidAt.getTime() ?? 0);
      if (arrearsPaid.length > 0) {
        const gate = plusMinutes(new Date(Math.max(...arrearsPaid)), rng.int(60, 2880));
        paidAt = earliest(latest(paidAt, gate), calendar.now);
      }
    }
    const success = successfulCheckout(rng, ids, group, paidAt);
    if (rng.chance(0.1)) {
      const triedAt = plusMinutes(success.createdAt, -rng.int(4, 40));
      if (triedAt.getTime() > newest(group).getTime())
        ledger.transactions.push(failedCheckout(rng, ids, group, triedAt));
    }
    ledger.transactions.push(success);
  }
}

function successfulCheckout(rng: Rng, ids: WorldlineIds, payments: PlannedPayment[], paidAt: Date): PlannedTransaction {
  const createdAt = new Date(paidAt.getTime() - rng.int(60, 300) * 1000);
  const transactionId = ids.transactionId(createdAt);
  const pgReferenceId = ids.reference();
  for (const payment of payments) {
    payment.paid = {
      paidAt,
      paidAmountPaise: paidAmount(rng, payment),
      channel: 'online',
      reference: pgReferenceId,
      collector: null,
      notes: null,
      gatewayTransactionId: transactionId,
    };
  }
  const items = payments.map((p) => ({ paymentId: p.id, amountPaise: p.paid?.paidAmountPaise ?? p.amountPaise }));
  return {
    id: randomUUID(),
    memberId: payments[0]?.memberId ?? '',
    status: 'success',
    transactionId,
    pgReferenceId,
    statusCode: '0300',
    errorMessage: null,
    amountPaise: sumPaise(items.map((item) => item.amountPaise)),
    createdAt,
    settledAt: paidAt,
    items,
  };
}

function failedCheckout(rng: Rng, ids: WorldlineIds, payments: PlannedPayment[], createdAt: Date): PlannedTransaction {
  const items = payments.map((p) => ({ paymentId: p.id, amountPaise: p.amountPaise }));
  return {
    id: randomUUID(),
    memberId: payments[0]?.memberId ?? '',
    status: 'failed',
    transactionId: ids.transactionId(createdAt),
    pgReferenceId: rng.chance(0.5) ? ids.reference() : null,
    statusCode: '0399',
    errorMessage: rng.pick(FAILURES),
    amountPaise: sumPaise(items.map((item) => item.amountPaise)),
    createdAt,
    settledAt: new Date(createdAt.getTime() + rng.int(30, 240) * 1000),
    items,
  };
}

/** The assigned amount, or on a variable-amount head now and then a more generous one (paise). */
function paidAmount(rng: Rng, payment: PlannedPayment): Paise {
  if (!payment.head.variableAmount || !rng.chance(0.15)) return payment.amountPaise;
  const above = GENEROUS_PAISE.filter((amount) => amount > payment.amountPaise);
  return above.length > 0 ? paise(rng.pick(above)) : payment.amountPaise;
}

interface WorldlineIds {
  /** `WL` + the checkout's epoch milliseconds + a running number: unique within the demo. */
  transactionId(createdAt: Date): string;
  /** A ten-digit gateway reference (Worldline's tpsl_txn_id). */
  reference(): string;
}

function worldlineIds(rng: Rng): WorldlineIds {
  let sequence = 0;
  const references = new Set<string>();
  return {
    transactionId(createdAt) {
      sequence += 1;
      return `WL${createdAt.getTime()}${String(sequence).padStart(4, '0')}`;
    },
    reference() {
      let reference: string;
      do reference = `${rng.int(1, 9)}${rng.digits(9)}`;
      while (references.has(reference));
      references.add(reference);
      return reference;
    },
  };
}

function byYear(payments: PlannedPayment[]): PlannedPayment[][] {
  const years = [...new Set(payments.map((p) => p.head.year))].sort();
  return years.map((year) => payments.filter((p) => p.head.year === year));
}

/** The latest `createdAt` of some payments: nothing about them can happen before it. */
function newest(payments: PlannedPayment[]): Date {
  return new Date(Math.max(...payments.map((p) => p.createdAt.getTime())));
}

function clamp(probability: number): number {
  return Math.min(0.98, Math.max(0.02, probability));
}
