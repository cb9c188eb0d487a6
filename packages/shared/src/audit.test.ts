import { describe, expect, expectTypeOf, it } from 'vitest';

import {
  AUDIT_ACTIONS,
  AUDIT_MONEY_PATHS,
  auditActionLabelKey,
  isAuditAction,
  isAuditMoneyPath,
  type AuditAction,
  type AuditEntry,
  type AuditPaymentDetails,
  type AuditPayloads,
  type AuditRecord,
} from './audit.ts';
import { paise, rupees, rupeesFromPaise } from './money.ts';
import type { Member } from './schemas/members.ts';

// Sample states, shaped as each call site builds them. Every money value has paise in it
// (1500.5, not 1500) so that the completeness check below can tell money from counts.

const member: Member = {
  _id: 'm1',
  name: 'Thomas Mathew',
  mobile: '919847012345',
  parishNumber: 'SM001',
  selectedParticulars: ['h1'],
  isActive: true,
  createdAt: '2026-04-01T04:30:00.000Z',
};
const staff = {
  _id: 's1',
  username: 'cashier1',
  name: 'Cashier One',
  role: 'cashier' as const,
  isActive: true,
  createdAt: '2026-04-01T04:30:00.000Z',
};
const head = {
  _id: 'h1',
  name: 'Church Tax 2026',
  description: '',
  amount: rupees(1500.5),
  type: 'current due' as const,
  year: 2026,
  dueDate: '2027-03-31',
  variable_amount: true,
  isActive: true,
  createdAt: '2026-04-01T04:30:00.000Z',
};
const settings = { name: 'St Mary', address: 'Kottayam', contact: '0481', logoUrl: '', currency: 'INR' as const };
const paidDetails: AuditPaymentDetails = {
  status: 'paid',
  amount: rupees(1500.5),
  paidAmount: rupees(1600.25),
  paidAt: '2026-11-22T05:30:00.000Z',
  paymentMethod: 'cash',
  paymentGateway: 'manual',
  collectionMode: 'manual',
  collectedBy: { _id: 's1', name: 'Cashier One' },
  transactionId: null,
  pgTransactionId: null,
  notes: null,
  receiptNumber: '2026-27/000001',
  memberId: 'm1',
  paymentHeadId: 'h1',
};
const clearedDetails: AuditPaymentDetails = {
  ...paidDetails,
  status: 'pending',
  paidAmount: null,
  paidAt: null,
  paymentMethod: null,
  paymentGateway: null,
  collectionMode: null,
  collectedBy: null,
  receiptNumber: null,
};

type Sample<A extends AuditAction> = Pick<AuditPayloads[A], 'before' | 'after'>;

/** One sample per action: the map type makes it complete, so every action is exercised. */
const SAMPLES: { [A in AuditAction]: Sample<A>[] } = {
  'auth.signed_in': [{ before: null, after: null }],
  'auth.password_changed': [{ before: null, after: null }],
  'staff_user.created': [{ before: null, after: staff }],
  'staff_user.updated': [{ before: staff, after: { ...staff, isActive: false } }],
  'staff_user.password_reset': [{ before: staff, after: staff }],
  'settings.updated': [{ before: settings, after: { ...settings, name: 'St Mary Forane' } }],
  'member.created': [{ before: null, after: member }],
  'ward.created': [{ before: null, after: { id: 'w1', name: 'St Joseph', memberCount: 0 } }],
  'ward.updated': [
    {
      before: { id: 'w1', name: 'St Joseph', memberCount: 4 },
      after: { id: 'w1', name: 'St Joseph Ward', memberCount: 4 },
    },
  ],
  'ward.deleted': [{ before: { id: 'w1', name: 'St Joseph', memberCount: 0 }, after: null }],
  'onboarding.choice_set': [
    { before: null, after: { step: 'gateway', choice: 'off' } },
    { before: { step: 'upi', choice: 'skip' }, after: { step: 'upi', choice: 'skip' } },
  ],
  'onboarding.dismissed': [{ before: null, after: null }],
  'settings.credentials_updated': [
    {
      before: { razorpayKeyId: '', razorpayKeySecret: false },
      after: {
        razorpayKeyId: 'rzp_live_abcdef',
        razorpayKeySecret: true,
        changed: ['Razorpay key id', 'Razorpay key secret'],
      },
    },
  ],
  'member.updated': [{ before: member, after: { ...member, name: 'Thomas M', initialPasswordRederived: true } }],
  'member.deactivated': [
    {
      before: member,
      after: {
        ...member,
        isActive: false,
        selectedParticulars: [],
        revokedPendingCount: 1,
        revokedPayments: [{ _id: 'p1', paymentHeadId: 'h1' }],
      },
    },
  ],
  'member.imported': [{ before: null, after: { count: 2, fromRow: 1, toRow: 3, skippedAsDuplicates: 1 } }],
  'member.credentials_viewed': [
    { before: null, after: { username: '919847012345', passwordShown: true, passwordChanged: false } },
  ],
  'payment_head.created': [{ before: null, after: head }],
  'payment_head.updated': [{ before: head, after: { ...head, name: 'Church Tax' } }],
  'payment_head.deleted': [{ before: head, after: { deletedPendingPayments: [{ _id: 'p1', memberId: 'm1' }] } }],
  'payment_head.bulk_created': [{ before: null, after: { created: [head], errors: [{ row: 2, message: 'x' }] } }],
  'payment_head.csv_created': [
    {
      before: null,
      after: { created: [{ _id: 'h2', name: 'Feast', type: 'miscellaneous', year: 2026, amount: rupees(250.75) }] },
    },
  ],
  'payment.tagged': [
    {
      before: null,
      after: {
        paymentHead: { _id: 'h1', name: 'Church Tax 2026' },
        replacePending: false,
        added: ['m1'],
        updated: [],
        revoked: [],
        skipped: [{ memberId: 'm9', reason: 'already paid' }],
      },
    },
  ],
  'payment.revoked': [
    { before: null, after: { paymentHead: { _id: 'h1', name: 'Church Tax 2026' }, revoked: ['m1'] } },
  ],
  'payment.csv_imported': [
    {
      before: null,
      after: {
        batch: 1,
        rows: { first: 2, last: 501, applied: 499 },
        membersCreated: 3,
        paymentsCreated: 997,
        errors: [{ row: 7, message: 'Parish number is required' }],
      },
    },
    {
      before: null,
      after: {
        batch: 1,
        rows: { first: 1, last: 2, applied: 2 },
        membersCreated: 0,
        paymentsCreated: 0,
        errors: [],
        amountChanges: [
          { _id: 'p1', memberId: 'm1', paymentHeadId: 'h1', before: rupees(1500.5), after: rupees(1200.25) },
        ],
      },
    },
  ],
  'payment.collected': [{ before: { status: 'pending', amount: rupees(1500.5), memberId: 'm1' }, after: paidDetails }],
  'payment.reversed': [
    {
      before: paidDetails,
      after: {
        ...clearedDetails,
        reversedBy: { _id: 'a1', name: 'Admin', role: 'admin' },
        reversedAt: '2026-11-22T06:00:00.000Z',
        retiredReceiptNumber: '2026-27/000001',
      },
    },
  ],
  'payment.receipt_numbered': [{ before: null, after: { receiptNumber: '2026-27/000002' } }],
  'transaction.created': [
    {
      before: null,
      after: {
        status: 'pending',
        gateway: 'razorpay',
        gatewayOrderId: 'order_1',
        memberId: 'm1',
        amount: rupees(3100.75),
        payments: [
          { paymentId: 'p1', amount: rupees(1600.25), due: rupees(1500.5) },
          { paymentId: 'p2', amount: rupees(1500.5), due: rupees(1500.5) },
        ],
      },
    },
  ],
  'transaction.abandoned': [
    { before: { status: 'pending' }, after: { status: 'failed', replacedBy: 'WL20261122053000123456' } },
  ],
  'transaction.settled': [
    {
      before: { status: 'pending', statusCode: null },
      after: {
        status: 'success',
        statusCode: '0300',
        pgReferenceId: '1234567',
        amount: rupees(1500.5),
        via: 'callback',
        memberId: 'm1',
        paid: [{ paymentId: 'p1', amount: rupees(1500.5), receiptNumber: '2026-27/000003' }],
      },
    },
  ],
  'transaction.paid_twice': [
    {
      before: null,
      after: {
        conflicts: [
          {
            paymentId: 'p1',
            amount: rupees(1500.5),
            paidBy: { status: 'paid', gateway: 'manual', transactionId: null, receiptNumber: '2026-27/000001' },
          },
        ],
        refundDue: rupees(1500.5),
      },
    },
  ],
  'transaction.failed': [
    {
      before: { status: 'pending' },
      after: { status: 'failed', statusCode: '0392', message: 'Payment was cancelled by user', via: 'verify' },
    },
  ],
  'transaction.verification_mismatch': [
    {
      before: { status: 'pending' },
      after: {
        status: 'failed',
        statusCode: 'captured',
        message: 'Paid amount does not match the order amount. Please contact support.',
        via: 'webhook',
        details: { reason: 'amount', from: 'status', orderAmount: rupees(1500.5), gatewayAmount: rupees(15.05) },
      },
    },
    {
      before: { status: 'pending' },
      after: {
        status: 'failed',
        statusCode: '0300',
        message: 'Paid amount does not match the order amount. Please contact support.',
        via: 'callback',
        details: {
          reason: 'amount',
          from: 'response',
          orderAmount: rupees(1500.5),
          gatewayAmount: null,
          gatewayAmountText: '1500.505',
        },
      },
    },
    {
      before: null,
      after: {
        status: 'pending',
        message: 'The gateway reports another payment reference',
        via: 'verify',
        details: { reason: 'reference', gateway: '111', response: '222' },
      },
    },
  ],
  'transaction.verification_failed': [
    { before: null, after: { reason: 'response hash does not verify', via: '/api/worldline/verify-payment' } },
  ],
  'reminders.send': [{ before: null, after: { kind: 'payment', total: 3 } }],
  'reminders.send_all': [
    { before: null, after: { kind: 'payment', total: 120 } },
    { before: null, after: { kind: 'payment', total: 120, statementFy: '2026-27', statements: 118 } },
  ],
  'notifications.assignment': [{ before: null, after: { kind: 'assignment', total: 40, paymentHeadId: 'h1' } }],
  'notifications.payment_success': [{ before: null, after: { kind: 'success', total: 1 } }],
  'notifications.receipt': [{ before: null, after: { kind: 'receipt', total: 1, receiptId: 'r1' } }],
  'whatsapp.test': [{ before: null, after: { to: '919847012345', messageId: 'wamid.1' } }],
  'demo.loaded': [
    {
      before: null,
      after: {
        members: 60,
        paymentHeads: 8,
        payments: { paid: 200, pending: 100 },
        transactions: 40,
        receiptCounters: { '2026-27': 180 },
      },
    },
  ],
  'payment_head.rolled_over': [
    {
      before: { year: 2025, type: 'current due' },
      after: {
        year: 2025,
        type: 'arrear',
        heads: [{ _id: 'h1', name: 'Church Tax 2025', members: 12, unpaidAmount: rupees(18000.5), paidMembers: 40 }],
        members: 12,
        unpaidAmount: rupees(18000.5),
      },
    },
  ],
  'payment.concession_granted': [
    {
      before: { status: 'pending', amount: rupees(1500.5), concession: rupees(0), memberId: 'm1' },
      after: {
        kind: 'lower',
        status: 'pending',
        amount: rupees(1000.25),
        concession: rupees(500.25),
        reason: 'widow',
        note: null,
      },
    },
  ],
  'whatsapp.settings_updated': [
    {
      before: { payLinksEnabled: true, reminderDay: null, reminderTime: null },
      after: { payLinksEnabled: false, reminderDay: 5, reminderTime: '10:00' },
    },
  ],
  'member.whatsapp_opt_out': [{ before: { optOut: false }, after: { optOut: true, via: 'webhook' } }],
  'member.whatsapp_consent_given': [{ before: { optOut: true }, after: { method: 'portal', optOut: false } }],
  'member.whatsapp_consent_withdrawn': [{ before: { optOut: false }, after: { optOut: true } }],
  'member.pay_links_revoked': [{ before: null, after: { payLinkVersion: 1 } }],
  'reminders.round_started': [{ before: null, after: { total: 12 } }],
  'reminders.scheduled': [{ before: null, after: { kind: 'payment', total: 40 } }],
  'transaction.superseded': [
    {
      before: { status: 'pending' },
      after: { status: 'pending', supersededBy: 'WL20261122053000123456', via: 'order' },
    },
  ],
  'refund.refunded': [
    {
      before: { status: 'open', remaining: rupees(1500.5) },
      after: { status: 'refunded', remaining: 0, refundReference: 'rfnd_1', refundDate: '2026-11-22', note: null },
    },
  ],
  'refund.applied': [
    {
      before: { status: 'open', remaining: rupees(1500.5) },
      after: {
        status: 'open',
        remaining: rupees(500.5),
        paymentId: 'p1',
        amount: rupees(1000),
        receiptNumber: '2026-27/000123',
      },
    },
  ],
  'payments.test_voided': [{ before: null, after: { payments: 3, transactions: 2, receipts: ['2026-27/000001'] } }],
  'receipt.collected': [
    {
      before: null,
      after: {
        receiptNumber: '2026-27/000002',
        memberId: 'm1',
        method: 'cheque',
        reference: null,
        utr: null,
        cheque: { bank: 'SBI', number: '004512', date: '2026-11-22' },
        notes: 'Family visit',
        total: rupees(3500.5),
        lines: [
          { paymentId: 'p1', head: 'Church Tax 2026', amount: rupees(1500.5) },
          { paymentId: 'p2', head: 'Building Fund 2026', amount: rupees(2000) },
        ],
      },
    },
  ],
  'receipt.reversed': [
    {
      before: { receiptNumber: '2026-27/000002', collectedBy: 's1', issuedAt: '2026-11-22T05:30:00.000Z' },
      after: {
        receiptNumber: '2026-27/000002',
        reason: 'cheque_bounced',
        note: null,
        voidedAt: '2026-11-25T05:30:00.000Z',
        total: rupees(3500.5),
        lines: [{ paymentId: 'p1', head: 'Church Tax 2026', amount: rupees(3500.5) }],
      },
    },
  ],
  'cheque.cleared': [
    {
      before: { chequeStatus: 'received' },
      after: { chequeStatus: 'cleared', receiptNumber: '2026-27/000002', total: rupees(3500.5) },
    },
  ],
  'deposit.recorded': [
    {
      before: null,
      after: {
        slipNumber: '004512',
        bankAccount: 'SBI Current A/c',
        depositDate: '2026-11-23',
        cash: rupees(4500.5),
        chequeTotal: rupees(1500),
        amount: rupees(6000.5),
        days: [{ cashierId: 's1', day: '2026-11-22', cash: rupees(4500.5) }],
        cheques: [{ receiptId: 'r1', receiptNumber: '2026-27/000002', amount: rupees(1500) }],
      },
    },
  ],
  'cashier_day.closed': [
    {
      before: null,
      after: { cashierId: 's1', day: '2026-11-22', net: rupees(3500.5), counted: rupees(3500.5), receiptCount: 2 },
    },
  ],
  'cashier_day.reopened': [
    { before: { closedAt: '2026-11-22T12:30:00.000Z' }, after: { cashierId: 's1', day: '2026-11-22' } },
  ],
  'settings.upi_updated': [{ before: { vpa: '' }, after: { vpa: 'stmarys@sbi' } }],
  'settings.time_zone_updated': [{ before: { timeZone: 'Asia/Kolkata' }, after: { timeZone: 'Asia/Dubai' } }],
  'settings.ledger_mapping_changed': [
    {
      before: null,
      after: {
        heads: [
          { paymentHeadId: '6f1c1a52-8f5e-4b8e-9a59-3f7f0d2a9c11', ledger: 'Church Tax', parent: 'Indirect Incomes' },
        ],
        cash: { ledger: 'Cash', perCashier: true },
        upiBank: 'Federal Bank SB',
        chequeBank: 'Federal Bank SB',
        razorpay: 'Razorpay Clearing',
        worldline: 'Worldline Clearing',
        gatewayFees: 'Payment Gateway Charges',
        gstOnFees: 'GST on Gateway Charges',
      },
    },
  ],
  'settings.registration_80g_updated': [
    {
      before: { trustName: '', trustPan: '', registrationNumber: '', validFrom: '', validTo: '' },
      after: {
        trustName: 'St Mary Church Trust',
        trustPan: 'AAATS1234F',
        registrationNumber: 'AAATS1234FF20214',
        validFrom: '2021-04-01',
        validTo: '2026-03-31',
      },
    },
  ],
  'member.pan_updated': [{ before: { pan: null }, after: { pan: 'ABCPE****F' } }],
  'member.password_reset': [{ before: null, after: { to: 'one-time' } }],
  'staff_user.one_time_password_set': [{ before: null, after: { by: 'server console' } }],
  'staff_user.two_step_enabled': [{ before: null, after: null }],
  'staff_user.two_step_removed': [{ before: null, after: { by: 'admin' } }],
  'auth.recovery_code_used': [{ before: null, after: { remaining: 9 } }],
  'bank.account_saved': [
    {
      before: null,
      after: { name: 'SBI current account', preset: 'sbi', mapping: { dateColumn: 1, skipRows: 20 } },
    },
  ],
  'bank.preset_confirmed': [{ before: null, after: { preset: 'federal' } }],
  'bank.statement_imported': [
    { before: null, after: { fileName: 'sbi-november.csv', lines: 12, added: 10, matched: 3 } },
  ],
  'bank.line_matched': [
    {
      before: null,
      after: { receiptId: 'r1', receiptNumber: '2026-27/000002', amount: rupees(1500.5), date: '2026-11-23' },
    },
  ],
  'bank.line_unmatched': [
    {
      before: { receiptId: 'r1', receiptNumber: '2026-27/000002', method: 'manual', amount: rupees(1500.5) },
      after: null,
    },
  ],
  'gateway.settlements_recorded': [
    {
      before: null,
      after: {
        gateway: 'razorpay',
        source: 'api',
        fileName: null,
        settlements: 2,
        items: 5,
        matched: 1,
        net: rupees(4897.2),
      },
    },
  ],
  'settings.holidays_changed': [
    { before: { holidays: [] }, after: { holidays: [{ day: '2026-12-25', name: 'Christmas' }] } },
  ],
};

/** Every numeric leaf of a state with its path (`a.b`, `list[].c`). */
function numberLeaves(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item) => numberLeaves(item, `${path}[]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => numberLeaves(item, path ? `${path}.${key}` : key));
  }
  return [];
}

describe('audit actions', () => {
  it('are every action the server records, once each', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect([...AUDIT_ACTIONS].sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(AUDIT_ACTIONS).toHaveLength(78);
  });

  it('isAuditAction tells them from any other string', () => {
    for (const action of AUDIT_ACTIONS) expect(isAuditAction(action)).toBe(true);
    for (const other of ['payment.paid_online', 'payment', 'PAYMENT.COLLECTED', '', null, 1]) {
      expect(isAuditAction(other)).toBe(false);
    }
  });

  it('each has the label key of the web catalogue', () => {
    expect(auditActionLabelKey('payment.collected')).toBe('activities.actionLabels.payment.collected');
    expect(auditActionLabelKey('transaction.paid_twice')).toBe('activities.actionLabels.transaction.paid_twice');
    for (const action of AUDIT_ACTIONS) expect(auditActionLabelKey(action)).toBe(`activities.actionLabels.${action}`);
    expectTypeOf(auditActionLabelKey('demo.loaded')).toEqualTypeOf<'activities.actionLabels.demo.loaded'>();
  });
});

describe('money in the audit states', () => {
  it('every listed money path holds a rupee number in the samples', () => {
    for (const action of AUDIT_ACTIONS) {
      const leaves = SAMPLES[action].flatMap((sample) => [
        ...numberLeaves(sample.before),
        ...numberLeaves(sample.after),
      ]);
      for (const path of AUDIT_MONEY_PATHS[action]) {
        const values = leaves.filter(([at]) => at === path).map(([, value]) => value);
        expect(values.length, `${action} ${path}`).toBeGreaterThan(0);
        for (const value of values) expect(rupeesFromPaise(paise(Math.round(value * 100)))).toBe(value);
      }
    }
  });

  it('every amount in the samples is on a listed money path (counts, years and rows are whole numbers)', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const sample of SAMPLES[action]) {
        for (const [path, value] of [...numberLeaves(sample.before), ...numberLeaves(sample.after)]) {
          if (!Number.isInteger(value)) expect(AUDIT_MONEY_PATHS[action], `${action} ${path}`).toContain(path);
        }
      }
    }
  });

  it('isAuditMoneyPath answers from the list, and false for an unknown action', () => {
    expect(isAuditMoneyPath('payment.collected', 'paidAmount')).toBe(true);
    expect(isAuditMoneyPath('transaction.created', 'payments[].due')).toBe(true);
    expect(isAuditMoneyPath('transaction.created', 'payments[].paymentId')).toBe(false);
    expect(isAuditMoneyPath('member.imported', 'count')).toBe(false);
    expect(isAuditMoneyPath('payment.paid_online', 'amount')).toBe(false);
  });
});

describe('typed audit entries', () => {
  it('require the states an action records and refuse the wrong entity or shape', () => {
    const signedIn: AuditEntry<'auth.signed_in'> = {
      action: 'auth.signed_in',
      entityType: 'staff_user',
      entityId: 's1',
    };
    const collected: AuditEntry<'payment.collected'> = {
      action: 'payment.collected',
      entityType: 'payment',
      entityId: 'p1',
      before: { status: 'pending', amount: rupees(1500.5), memberId: 'm1' },
      after: paidDetails,
    };
    // @ts-expect-error a collection records its before state
    const noBefore: AuditEntry<'payment.collected'> = {
      action: 'payment.collected',
      entityType: 'payment',
      after: paidDetails,
    };
    // @ts-expect-error a collection is about a payment
    const wrongEntity: AuditEntry<'payment.collected'> = { ...collected, entityType: 'member' };
    const wrongShape: AuditEntry<'payment_head.csv_created'> = {
      action: 'payment_head.csv_created',
      entityType: 'payment_head',
      // @ts-expect-error amounts are rupee numbers, not text
      after: { created: [{ _id: 'h', name: 'n', type: 'arrear', year: 2026, amount: '1500.00' }] },
    };
    expect([signedIn, collected, noBefore, wrongEntity, wrongShape]).toHaveLength(5);
  });

  it('an activity narrows to its typed states by its action', () => {
    const record = {
      _id: 7,
      occurredAt: '2026-11-22T05:30:00.000Z',
      actorType: 'staff',
      actorId: 's1',
      actorName: 'Cashier One',
      action: 'payment.collected',
      entityType: 'payment',
      entityId: 'p1',
      before: { status: 'pending', amount: 1500.5, memberId: 'm1' },
      after: paidDetails,
    } as AuditRecord;
    if (record.action === 'payment.collected') {
      expectTypeOf(record.after).toEqualTypeOf<AuditPaymentDetails>();
      expect(record.after.paidAmount).toBe(1600.25);
    }
  });
});
