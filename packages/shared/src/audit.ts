import type { HeadType } from './head-types.ts';
import type { Rupees } from './money.ts';
import type { Member } from './schemas/members.ts';
import type { Ward } from './schemas/wards.ts';
import type { PaymentHead, RowError } from './schemas/payment-heads.ts';
import type { UploadMismatch } from './schemas/payments.ts';
import type { PAYMENT_GATEWAYS, PaymentStatus } from './schemas/payments.ts';
import type { TransactionStatus } from './schemas/portal.ts';
import type { LedgerMappingInput } from './schemas/accounts.ts';
import type { ParishSettings } from './schemas/settings.ts';
import type { StaffUser } from './schemas/users.ts';

/**
 * The audit trail's vocabulary (`docs/ARCHITECTURE.md`, audit trail; `GET /api/admin/activities`):
 * every action the server records, the entity each is about, and the exact `before` / `after`
 * states it writes. Every money field in them is in RUPEES (a JSON number, at most two decimals,
 * typed {@link Rupees}), like every amount on the wire; {@link AUDIT_MONEY_PATHS} lists where they
 * are, so the activity log formats them without guessing units from key names. A state the action
 * does not record is `null` (the column is null). Records written before this vocabulary may carry
 * other shapes (amounts in paise under `…Paise` keys, amounts as text): readers keep a fallback
 * for an entry that does not match.
 */

/** Every audit action the server records, grouped by what it is about. */
export const AUDIT_ACTIONS = [
  'auth.signed_in',
  'auth.password_changed',
  'staff_user.created',
  'staff_user.updated',
  'staff_user.password_reset',
  'settings.updated',
  'member.created',
  'member.updated',
  'member.deactivated',
  'member.imported',
  'member.credentials_viewed',
  'payment_head.created',
  'payment_head.updated',
  'payment_head.deleted',
  'payment_head.bulk_created',
  'payment_head.csv_created',
  'payment.tagged',
  'payment.revoked',
  'payment.csv_imported',
  'payment.collected',
  'payment.reversed',
  'payment.receipt_numbered',
  'transaction.created',
  'transaction.abandoned',
  'transaction.settled',
  'transaction.paid_twice',
  'transaction.failed',
  'transaction.verification_mismatch',
  'transaction.verification_failed',
  'reminders.send',
  'reminders.send_all',
  'notifications.assignment',
  'notifications.payment_success',
  'notifications.receipt',
  'whatsapp.test',
  'demo.loaded',
  'payment_head.rolled_over',
  'payment.concession_granted',
  'whatsapp.settings_updated',
  'member.whatsapp_opt_out',
  'member.whatsapp_consent_given',
  'member.whatsapp_consent_withdrawn',
  'member.pay_links_revoked',
  'reminders.round_started',
  'reminders.scheduled',
  'transaction.superseded',
  'refund.refunded',
  'refund.applied',
  'payments.test_voided',
  'receipt.collected',
  'receipt.reversed',
  'cheque.cleared',
  'deposit.recorded',
  'cashier_day.closed',
  'cashier_day.reopened',
  'settings.upi_updated',
  'member.password_reset',
  'staff_user.one_time_password_set',
  'staff_user.two_step_enabled',
  'staff_user.two_step_removed',
  'auth.recovery_code_used',
  'ward.created',
  'ward.updated',
  'ward.deleted',
  'onboarding.choice_set',
  'onboarding.dismissed',
  'settings.credentials_updated',
  'settings.time_zone_updated',
  'settings.ledger_mapping_changed',
  'settings.registration_80g_updated',
  'member.pan_updated',
  'bank.account_saved',
  'bank.preset_confirmed',
  'bank.statement_imported',
  'bank.line_matched',
  'bank.line_unmatched',
  'gateway.settlements_recorded',
  'settings.holidays_changed',
] as const;

/** One audit action. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Whether a stored action string is one of {@link AUDIT_ACTIONS}. */
export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** What an audit record is about (`audit_events.entity_type`). */
export type AuditEntityType =
  | 'staff_user'
  | 'member'
  | 'parish_settings'
  | 'payment_head'
  | 'payment'
  | 'transaction'
  | 'reminder_job'
  | 'whatsapp'
  | 'demo'
  | 'payment_exception'
  | 'receipt'
  | 'cashier_day'
  | 'ward'
  | 'onboarding'
  | 'ledger_mapping'
  | 'bank_account'
  | 'bank_statement_line'
  | 'gateway_settlement';

/**
 * The i18n key of an action's human label in the web catalogue (`activities.actionLabels.*`),
 * e.g. `'payment.collected'` -> `'activities.actionLabels.payment.collected'`.
 */
export function auditActionLabelKey<A extends AuditAction>(action: A): `activities.actionLabels.${A}` {
  return `activities.actionLabels.${action}`;
}

// ---------------------------------------------------------------------------------------------
// The shapes inside the states
// ---------------------------------------------------------------------------------------------

/** A payment head as recorded: the API's PaymentHead, `amount` in rupees. */
export type AuditPaymentHead = Omit<PaymentHead, 'amount'> & { amount: Rupees };

/** The parish settings as recorded: the API's settings, with `logoUrl` cut to its first 80 characters. */
export type AuditParishSettings = ParishSettings;

/** The trust's 80G registration as recorded (decision 0148): every field '' when not set; dates YYYY-MM-DD. */
export interface AuditRegistration80g {
  trustName: string;
  trustPan: string;
  registrationNumber: string;
  validFrom: string;
  validTo: string;
}

/** A head and its name, as the tagging records name it. */
export interface AuditHeadRef {
  _id: string;
  name: string;
}

/** The payment fields a collection sets and a reversal clears. Money in rupees. */
export interface AuditPaymentDetails {
  status: PaymentStatus;
  /** The assigned amount, rupees. */
  amount: Rupees;
  /** The amount paid, rupees; null while not paid. */
  paidAmount: Rupees | null;
  /** ISO 8601 UTC, or null. */
  paidAt: string | null;
  paymentMethod: string | null;
  paymentGateway: (typeof PAYMENT_GATEWAYS)[number] | null;
  collectionMode: string | null;
  collectedBy: { _id: string; name: string } | null;
  transactionId: string | null;
  pgTransactionId: string | null;
  notes: string | null;
  /** `2026-27/000001`, or null. */
  receiptNumber: string | null;
  memberId: string;
  paymentHeadId: string;
}

/** What delivered news of an online payment: the browser's return, a verify call, a webhook, the background re-check, a status request. */
export type SettlementSource = 'callback' | 'verify' | 'webhook' | 'recheck' | 'status' | 's2s';

/** The card gateways. */
export type CardGateway = 'worldline' | 'razorpay';

/**
 * Why a gateway's answer was not believed (a verification mismatch). Money in rupees.
 * - `amount`: the confirmed amount differs from the order's. `from` says whose figure it is (the
 *   signed response, or the status API); `gatewayAmount` is null when the gateway's figure is not
 *   a rupee amount, and then `gatewayAmountText` keeps it as sent.
 * - `transaction id` / `reference` / `order`: the gateway reports another transaction, payment
 *   reference or order than ours.
 * - `status`: the response says success and the status API does not confirm it.
 */
export type AuditMismatchDetails =
  | {
      reason: 'amount';
      from: 'response' | 'status';
      orderAmount: Rupees;
      gatewayAmount: Rupees | null;
      gatewayAmountText?: string;
    }
  | { reason: 'transaction id'; gateway: string; gatewayAmount?: Rupees }
  | { reason: 'reference'; gateway: string; response: string }
  | { reason: 'status'; response: string; gateway: string }
  | { reason: 'order'; paymentId: string; gatewayOrder: string | null };

/** A reminder or notification job as recorded: its kind, how many members, and the head of an assignment notice. */
export interface AuditReminderJob<K extends 'payment' | 'assignment' | 'success' | 'receipt'> {
  kind: K;
  total: number;
  paymentHeadId?: string;
  /** A send to all of one ward's members (`?wardId=`, decision 0136): the ward. */
  wardId?: string;
  /** A receipt document (decision 0141): the receipt sent. */
  receiptId?: string;
  /** A round that attaches the yearly statement (decision 0143): its financial year, `2026-27`. */
  statementFy?: string;
  /** With `statementFy`: how many statement documents the round queued. */
  statements?: number;
}

// ---------------------------------------------------------------------------------------------
// The payload of each action
// ---------------------------------------------------------------------------------------------

/**
 * For each action: the entity type it is recorded under, and the `before` and `after` states it
 * writes (null where it writes none). Money in rupees throughout.
 */
export interface AuditPayloads {
  /** A staff sign-in (member sign-ins are not audited). */
  'auth.signed_in': { entity: 'staff_user'; before: null; after: null };
  /** A member or staff account changed its own password. */
  'auth.password_changed': { entity: 'member' | 'staff_user'; before: null; after: null };
  'staff_user.created': { entity: 'staff_user'; before: null; after: StaffUser };
  /** Renamed, role changed, (de)activated — without a new password. */
  'staff_user.updated': { entity: 'staff_user'; before: StaffUser; after: StaffUser };
  /** An admin set a new password (with or without other changes). */
  'staff_user.password_reset': { entity: 'staff_user'; before: StaffUser; after: StaffUser };
  /** Entity id `'1'` (the one settings row). */
  'settings.updated': { entity: 'parish_settings'; before: AuditParishSettings; after: AuditParishSettings };
  'member.created': { entity: 'member'; before: null; after: Member };
  /** A ward added, renamed or deleted (decision 0126); `memberCount` as it stood. */
  'ward.created': { entity: 'ward'; before: null; after: Ward };
  'ward.updated': { entity: 'ward'; before: Ward; after: Ward };
  'ward.deleted': { entity: 'ward'; before: Ward; after: null };
  /**
   * An explicit choice on the "Get started" checklist (issue 28 item 6, decision 0132): a step
   * skipped, the gateway off or WhatsApp by wa.me links; `before` the step's earlier choice or null.
   */
  'onboarding.choice_set': {
    entity: 'onboarding';
    before: { step: string; choice: string } | null;
    after: { step: string; choice: string };
  };
  /** The completed "Get started" checklist dismissed (decision 0132). */
  'onboarding.dismissed': { entity: 'onboarding'; before: null; after: null };
  /**
   * A parish's gateway credentials or WhatsApp settings changed (issue 28 item 4, decision 0130): the
   * plain ids as they were and are, of each secret only whether it is set (never its value), and the
   * names of the fields the change touched.
   */
  'settings.credentials_updated': {
    entity: 'parish_credentials';
    before: Record<string, string | boolean>;
    after: Record<string, string | boolean | string[]> & { changed: string[] };
  };
  /** `initialPasswordRederived` when a new name or mobile gave a member on the initial password a new one. */
  'member.updated': { entity: 'member'; before: Member; after: Member & { initialPasswordRederived?: true } };
  /** Deactivated, with the pending payments revoked (those no online checkout refers to). */
  'member.deactivated': {
    entity: 'member';
    before: Member;
    after: Member & { revokedPendingCount: number; revokedPayments: { _id: string; paymentHeadId: string }[] };
  };
  /** One committed chunk of a member CSV import: how many created, its 1-based row range, rows lost to a concurrent duplicate. No entity id. */
  'member.imported': {
    entity: 'member';
    before: null;
    after: { count: number; fromRow: number; toRow: number; skippedAsDuplicates: number };
  };
  /** The admin viewed a member's sign-in credentials (never the password itself). */
  'member.credentials_viewed': {
    entity: 'member';
    before: null;
    after: { username: string; passwordShown: boolean; passwordChanged: boolean };
  };
  'payment_head.created': { entity: 'payment_head'; before: null; after: AuditPaymentHead };
  'payment_head.updated': { entity: 'payment_head'; before: AuditPaymentHead; after: AuditPaymentHead };
  /** Deleted with its pending payments. */
  'payment_head.deleted': {
    entity: 'payment_head';
    before: AuditPaymentHead;
    after: { deletedPendingPayments: { _id: string; memberId: string }[] };
  };
  /** `POST /api/payment-heads/bulk`: the heads created and the rows refused. No entity id. */
  'payment_head.bulk_created': {
    entity: 'payment_head';
    before: null;
    after: { created: AuditPaymentHead[]; errors: RowError[] };
  };
  /** Heads a payments CSV created (its columns that matched no head). `amount` is the column's most common amount. No entity id. */
  'payment_head.csv_created': {
    entity: 'payment_head';
    before: null;
    after: { created: { _id: string; name: string; type: HeadType; year: number; amount: Rupees }[] };
  };
  /** Tagging (`POST /api/payments/assign`), entity the head: member ids added, given a new amount, revoked, skipped and why. */
  'payment.tagged': {
    entity: 'payment_head';
    before: null;
    after: {
      paymentHead: AuditHeadRef;
      replacePending: boolean;
      added: string[];
      updated: string[];
      revoked: string[];
      /** Members tagged with 0 whose pending payment was removed (decision 0109); absent in older events. */
      noDue?: string[];
      skipped: { memberId: string; reason: string }[];
    };
  };
  /** Cancel tags (`POST /api/payments/revoke`), entity the head: the member ids whose pending payment went. */
  'payment.revoked': { entity: 'payment_head'; before: null; after: { paymentHead: AuditHeadRef; revoked: string[] } };
  /** One committed batch of a payments CSV (1-based batch number and row range). No entity id. */
  'payment.csv_imported': {
    entity: 'payment';
    before: null;
    after: {
      batch: number;
      rows: { first: number | null; last: number | null; applied: number };
      membersCreated: number;
      paymentsCreated: number;
      errors: RowError[];
      /** Pending payments whose amount the upload changed ("Update amounts of pending dues"); absent before it existed. */
      amountChanges?: { _id: string; memberId: string; paymentHeadId: string; before: Rupees; after: Rupees }[];
      /** Mismatched rows the admin ticked and that were applied (decision 0110); absent when none. */
      acceptedMismatches?: UploadMismatch[];
    };
  };
  /** A collection at the office. */
  'payment.collected': {
    entity: 'payment';
    before: { status: 'pending'; amount: Rupees; memberId: string };
    after: AuditPaymentDetails;
  };
  /** A direct collection reversed: the cleared details stay in `before`; the receipt number is retired. */
  'payment.reversed': {
    entity: 'payment';
    before: AuditPaymentDetails;
    after: AuditPaymentDetails & {
      reversedBy: { _id: string; name: string; role: string };
      /** ISO 8601 UTC. */
      reversedAt: string;
      retiredReceiptNumber: string | null;
    };
  };
  /** A paid payment without a receipt got one when its receipt was first asked for. */
  'payment.receipt_numbered': { entity: 'payment'; before: null; after: { receiptNumber: string } };
  /** An online order recorded, entity id our txn id: the total and, per payment, the amount charged and the due amount. */
  'transaction.created': {
    entity: 'transaction';
    before: null;
    after: {
      status: 'pending';
      gateway: CardGateway;
      gatewayOrderId: string | null;
      memberId: string;
      amount: Rupees;
      payments: { paymentId: string; amount: Rupees; due: Rupees }[];
    };
  };
  /** A pending checkout older than the hold, failed when a new order took its payments. */
  'transaction.abandoned': {
    entity: 'transaction';
    before: { status: 'pending' };
    after: { status: 'failed'; replacedBy: string };
  };
  /** Confirmed by the gateway and settled: the payments paid with their receipt number. */
  'transaction.settled': {
    entity: 'transaction';
    before: { status: Exclude<TransactionStatus, 'success'>; statusCode: string | null };
    after: {
      status: 'success';
      statusCode: string;
      pgReferenceId: string;
      amount: Rupees;
      via: SettlementSource;
      memberId: string;
      paid: { paymentId: string; amount: Rupees; receiptNumber: string | null }[];
    };
  };
  /**
   * Money arrived for dues the settlement could not pay (staff refund `refundDue`): paid otherwise
   * meanwhile, or changed in amount after the checkout (`reason`, the refunds queue's; absent on
   * records written before it was kept).
   */
  'transaction.paid_twice': {
    entity: 'transaction';
    before: null;
    after: {
      conflicts: {
        paymentId: string;
        amount: Rupees;
        paidBy: {
          status: PaymentStatus;
          gateway: (typeof PAYMENT_GATEWAYS)[number] | null;
          transactionId: string | null;
          receiptNumber: string | null;
        } | null;
        reason?: 'due_changed' | 'superseded_paid' | 'paid_twice';
      }[];
      refundDue: Rupees;
    };
  };
  /** The gateway reports failure or cancellation. */
  'transaction.failed': {
    entity: 'transaction';
    before: { status: 'pending' };
    after: { status: 'failed'; statusCode: string | null; message: string; via: SettlementSource };
  };
  /**
   * The gateway's answer disagrees with the order. An amount mismatch fails the transaction
   * (`before` pending, `after` failed); the others leave it as it was (`before` null, `after` its
   * current status) to be re-checked.
   */
  'transaction.verification_mismatch': {
    entity: 'transaction';
    before: { status: 'pending' } | null;
    after: {
      status: Exclude<TransactionStatus, 'success'>;
      statusCode?: string | null;
      message: string;
      via: SettlementSource;
      details: AuditMismatchDetails;
    };
  };
  /** A gateway response whose hash or signature does not verify (nothing else changes); entity id the claimed txn id, or null. */
  'transaction.verification_failed': { entity: 'transaction'; before: null; after: { reason: string; via: string } };
  'reminders.send': { entity: 'reminder_job'; before: null; after: AuditReminderJob<'payment'> };
  'reminders.send_all': { entity: 'reminder_job'; before: null; after: AuditReminderJob<'payment'> };
  'notifications.assignment': { entity: 'reminder_job'; before: null; after: AuditReminderJob<'assignment'> };
  'notifications.payment_success': { entity: 'reminder_job'; before: null; after: AuditReminderJob<'success'> };
  /** A receipt queued to go to its member on WhatsApp as a document (decision 0141). */
  'notifications.receipt': { entity: 'reminder_job'; before: null; after: AuditReminderJob<'receipt'> };
  /** The `hello_world` template sent to a number. No entity id. */
  'whatsapp.test': { entity: 'whatsapp'; before: null; after: { to: string; messageId: string } };
  /** `npm run demo` loaded the demo parish (counts; the last receipt number per financial year). */
  'demo.loaded': {
    entity: 'demo';
    before: null;
    after: {
      members: number;
      paymentHeads: number;
      payments: { paid: number; pending: number };
      transactions: number;
      receiptCounters: Record<string, number>;
    };
  };
  /**
   * Year-end roll-over (`docs/domain.md`, §4 "Year-end roll-over"): current-due heads of a year made
   * arrears, with their payments. No entity id (several heads).
   */
  'payment_head.rolled_over': {
    entity: 'payment_head';
    before: { year: number; type: 'current due' };
    after: {
      year: number;
      type: 'arrear';
      heads: { _id: string; name: string; members: number; unpaidAmount: Rupees; paidMembers: number }[];
      members: number;
      unpaidAmount: Rupees;
    };
  };
  /** A due lowered or waived by an admin (`docs/domain.md`, §4 "Concessions"). */
  'payment.concession_granted': {
    entity: 'payment';
    before: { status: 'pending' | 'failed'; amount: Rupees; concession: Rupees; memberId: string };
    after: {
      kind: 'waive' | 'lower';
      status: 'pending' | 'failed' | 'waived';
      amount: Rupees;
      concession: Rupees;
      reason: 'widow' | 'hardship' | 'deceased' | 'other';
      note: string | null;
    };
  };
  /** Payment links switched on or off, or the scheduled reminders' day and time changed. */
  'whatsapp.settings_updated': {
    entity: 'whatsapp_settings';
    before: { payLinksEnabled: boolean; reminderDay: number | null; reminderTime: string | null };
    after: { payLinksEnabled: boolean; reminderDay: number | null; reminderTime: string | null };
  };
  /** A member opted out of (or back into) WhatsApp messages, by the admin or by a STOP/START reply. */
  'member.whatsapp_opt_out': {
    entity: 'member';
    before: { optOut: boolean };
    after: { optOut: boolean; via: 'admin' | 'webhook' };
  };
  /**
   * The member agreed to WhatsApp messages the parish starts (decision 0138): in the portal, or at
   * the counter as recorded by staff. Giving it also clears the member's opt-out.
   */
  'member.whatsapp_consent_given': {
    entity: 'member';
    before: { optOut: boolean };
    after: { method: 'portal' | 'counter' | 'sign_in_code' | 'import'; optOut: false };
  };
  /** The member withdrew that consent in the portal (decision 0138); it opts them out. */
  'member.whatsapp_consent_withdrawn': { entity: 'member'; before: { optOut: boolean }; after: { optOut: true } };
  /** Every payment link issued to the member so far stops working. */
  'member.pay_links_revoked': { entity: 'member'; before: null; after: { payLinkVersion: number } };
  /** A walk-through round of wa.me reminders started (members to go through). */
  'reminders.round_started': { entity: 'reminder_job'; before: null; after: { total: number } };
  /** The monthly scheduled reminders queued (their round, e.g. 2026-11). */
  'reminders.scheduled': { entity: 'reminder_job'; before: null; after: AuditReminderJob<'payment'> };
  /**
   * A new order for the same dues replaced a pending checkout (`docs/domain.md`, §4 "Retry after
   * an abandoned checkout"): it stays pending, is re-checked until final, and holds nothing.
   */
  'transaction.superseded': {
    entity: 'transaction';
    before: { status: 'pending' };
    /** `supersededBy` our txn id of the new order; null (`via: 'cancel'`) when the member cancelled it. */
    after: { status: 'pending'; supersededBy: string | null; via: 'order' | 'cancel' };
  };
  /** A queued payment exception closed as refunded in the gateway's own dashboard. */
  'refund.refunded': {
    entity: 'payment_exception';
    before: { status: 'open'; remaining: Rupees };
    after: { status: 'refunded'; remaining: 0; refundReference: string; refundDate: string; note: string | null };
  };
  /** Queued money applied to another due of the member: a collection with its own receipt. */
  'refund.applied': {
    entity: 'payment_exception';
    before: { status: 'open'; remaining: Rupees };
    after: {
      status: 'open' | 'applied';
      remaining: Rupees;
      paymentId: string;
      amount: Rupees;
      receiptNumber: string | null;
    };
  };
  /** Before going live: every sandbox (test) payment made pending again, its receipt voided. */
  'payments.test_voided': {
    entity: 'payment';
    before: null;
    after: { payments: number; transactions: number; receipts: string[] };
  };
  /** Dues collected at the office under one receipt (`POST /api/collections`, or the single collect's receipt). */
  'receipt.collected': {
    entity: 'receipt';
    before: null;
    after: {
      receiptNumber: string;
      memberId: string;
      method: string;
      reference: string | null;
      utr: string | null;
      cheque: { bank: string; number: string; date: string } | null;
      notes: string | null;
      total: Rupees;
      lines: { paymentId: string; head: string; amount: Rupees }[];
      /** A correction's new receipt: the number of the receipt it replaces (decision 0100). */
      correctionOf?: string;
    };
  };
  /** A receipt reversed as a whole: voided with its reason; its dues pending again. */
  'receipt.reversed': {
    entity: 'receipt';
    before: { receiptNumber: string; collectedBy: string | null; issuedAt: string };
    after: {
      receiptNumber: string;
      reason: string;
      note: string | null;
      /** ISO 8601 UTC. */
      voidedAt: string;
      total: Rupees;
      lines: { paymentId: string | null; head: string; amount: Rupees }[];
      /** A correction: the number of the new receipt holding the lines that stand (decision 0100). */
      reissuedAs?: string;
    };
  };
  /**
   * A cheque marked cleared, from received or deposited (a bounce is a `receipt.reversed` with
   * reason cheque_bounced).
   */
  'cheque.cleared': {
    entity: 'receipt';
    before: { chequeStatus: 'received' | 'deposited' };
    /** `slipNumber` and `bankLineId` when its deposit slip was found on the bank statement (decision 0152). */
    after: { chequeStatus: 'cleared'; receiptNumber: string; total: Rupees; slipNumber?: string; bankLineId?: string };
  };
  /**
   * A bank deposit recorded (decision 0147), entity id the deposit's: the slip, the days whose cash
   * it holds and the cheques on it (each cheque's status `received` -> `deposited`), amounts in rupees.
   */
  'deposit.recorded': {
    entity: 'bank_deposit';
    before: null;
    after: {
      slipNumber: string;
      bankAccount: string;
      depositDate: string;
      cash: Rupees;
      chequeTotal: Rupees;
      amount: Rupees;
      days: { cashierId: string; day: string; cash: Rupees }[];
      cheques: { receiptId: string; receiptNumber: string; amount: Rupees }[];
    };
  };
  /** A cashier's day closed, entity id `<cashier id>/<day>`: its net totals and the cash counted. */
  'cashier_day.closed': {
    entity: 'cashier_day';
    before: null;
    after: { cashierId: string; day: string; net: Rupees; counted: Rupees | null; receiptCount: number };
  };
  /** An admin reopened a closed day. */
  'cashier_day.reopened': {
    entity: 'cashier_day';
    before: { closedAt: string };
    after: { cashierId: string; day: string };
  };
  /** The parish UPI ID changed. */
  'settings.upi_updated': { entity: 'parish_settings'; before: { vpa: string }; after: { vpa: string } };
  /** The parish's time zone chosen on Settings (issue 28 item 4, decision 0135); the summaries re-derived. */
  'settings.time_zone_updated': {
    entity: 'parish_timezone';
    before: { timeZone: string };
    after: { timeZone: string };
  };
  /**
   * The parish's ledger mapping changed (issue 30 item 1, decision 0146): the whole mapping before
   * (null while the defaults applied) and after.
   */
  'settings.ledger_mapping_changed': {
    entity: 'ledger_mapping';
    before: LedgerMappingInput | null;
    after: LedgerMappingInput;
  };
  /**
   * The parish trust's 80G registration changed on Settings (decision 0148): trust name and PAN,
   * registration number and validity dates ('' when not set).
   */
  'settings.registration_80g_updated': {
    entity: 'parish_settings';
    before: AuditRegistration80g;
    after: AuditRegistration80g;
  };
  /**
   * A member's PAN as a donor was set, changed or removed (decision 0148): recorded masked
   * (ABCPE****F), never in full; null when none.
   */
  'member.pan_updated': { entity: 'member'; before: { pan: string | null }; after: { pan: string | null } };
  /** An admin reset a member's password: back to the initial one, or to a one-time code (never recorded). */
  'member.password_reset': { entity: 'member'; before: null; after: { to: 'initial' | 'one-time' } };
  /** A one-time password was set for a staff account (by an admin, or by `npm run admin:reset`), never recorded. */
  'staff_user.one_time_password_set': { entity: 'staff_user'; before: null; after: { by: 'admin' | 'server console' } };
  /** A staff member turned on two-step sign-in (the secret and the recovery codes are never recorded). */
  'staff_user.two_step_enabled': { entity: 'staff_user'; before: null; after: null };
  /**
   * A staff account's second factor was removed: by its owner with a code (`self`), by an admin's
   * reset, or by `npm run admin:reset` on the server's machine (`server console`).
   */
  'staff_user.two_step_removed': {
    entity: 'staff_user';
    before: null;
    after: { by: 'self' | 'admin' | 'server console' };
  };
  /** A staff member signed in (or turned two-step sign-in off) with a recovery code; how many are left. */
  'auth.recovery_code_used': { entity: 'staff_user'; before: null; after: { remaining: number } };
  /**
   * A bank account added or its column mapping changed (decision 0149; `docs/domain.md`, "Column
   * mappings"): before is null when it is added.
   */
  'bank.account_saved': {
    entity: 'bank_account';
    before: { name: string; preset: string | null; mapping: Record<string, unknown> } | null;
    after: { name: string; preset: string | null; mapping: Record<string, unknown> };
  };
  /** A bank preset confirmed for the parish: its export reads as the preset says (decision 0149). */
  'bank.preset_confirmed': { entity: 'bank_account'; before: null; after: { preset: string } };
  /**
   * A bank statement uploaded for an account (entity: the account): lines read, lines new to the
   * parish (a line already stored is skipped), and lines matched by UTR right after.
   */
  'bank.statement_imported': {
    entity: 'bank_account';
    before: null;
    after: { fileName: string; lines: number; added: number; matched: number };
  };
  /**
   * A statement line matched by hand (entity: the line) with a UPI counter receipt, or with a deposit
   * slip (decision 0152; `chequesCleared` its cheques marked cleared by the match).
   */
  'bank.line_matched': {
    entity: 'bank_statement_line';
    before: null;
    after:
      | { receiptId: string; receiptNumber: string; amount: Rupees; date: string }
      | { depositId: string; slipNumber: string; amount: Rupees; date: string; chequesCleared: number };
  };
  /**
   * A match undone (entity: the line): the line and its receipt or deposit slip are unmatched again
   * (a cheque cleared by the match stays cleared, decision 0152).
   */
  'bank.line_unmatched': {
    entity: 'bank_statement_line';
    before:
      | { receiptId: string; receiptNumber: string; method: 'utr' | 'manual'; amount: Rupees }
      | { depositId: string; slipNumber: string; method: 'slip' | 'amount_date' | 'manual'; amount: Rupees };
    after: null;
  };
  /**
   * Gateway settlements recorded (decision 0151; entity: the gateway): fetched from Razorpay's
   * Settlements API (`api`, by a person or the daily worker) or imported from a Worldline report
   * (`import`, its file name); how many settlements and payments were new, how many bank lines they
   * matched, and the net of the new settlements in rupees. Recorded only when something was new.
   */
  'gateway.settlements_recorded': {
    entity: 'gateway_settlement';
    before: null;
    after: {
      gateway: 'razorpay' | 'worldline';
      source: 'api' | 'import';
      fileName: string | null;
      settlements: number;
      items: number;
      matched: number;
      net: Rupees;
    };
  };
  /** The parish's holiday list changed (Settings; decision 0151): the days before and after. */
  'settings.holidays_changed': {
    entity: 'parish_settings';
    before: { holidays: { day: string; name: string }[] };
    after: { holidays: { day: string; name: string }[] };
  };
}

/** The `before` state of an action. */
export type AuditBefore<A extends AuditAction> = AuditPayloads[A]['before'];
/** The `after` state of an action. */
export type AuditAfter<A extends AuditAction> = AuditPayloads[A]['after'];

/**
 * What a service passes to record one action: the action, its entity type and id, and the states
 * — `before` / `after` may be left out exactly where the action records none.
 */
export type AuditEntry<A extends AuditAction> = {
  action: A;
  entityType: AuditPayloads[A]['entity'];
  entityId?: string | null;
} & (null extends AuditBefore<A> ? { before?: AuditBefore<A> } : { before: AuditBefore<A> }) &
  (null extends AuditAfter<A> ? { after?: AuditAfter<A> } : { after: AuditAfter<A> });

/** An entry of `GET /api/admin/activities` whose action is known, with its typed states. */
export type AuditRecord<A extends AuditAction = AuditAction> = {
  [K in A]: {
    _id: number;
    /** ISO 8601 UTC. */
    occurredAt: string;
    actorType: 'staff' | 'member' | 'system' | 'gateway';
    actorId: string | null;
    actorName: string | null;
    action: K;
    entityType: AuditPayloads[K]['entity'];
    entityId: string | null;
    before: AuditBefore<K>;
    after: AuditAfter<K>;
  };
}[A];

/**
 * Where the money (rupees) is in each action's states, as paths: keys joined by `.`, `[]` for
 * every element of an array (`payments[].amount`); a path applies to `before` and `after` alike.
 * Every other number in a state is a count, a year or a row number.
 */
export const AUDIT_MONEY_PATHS: { readonly [A in AuditAction]: readonly string[] } = {
  'auth.signed_in': [],
  'auth.password_changed': [],
  'staff_user.created': [],
  'staff_user.updated': [],
  'staff_user.password_reset': [],
  'settings.updated': [],
  'member.created': [],
  'ward.created': [],
  'ward.updated': [],
  'ward.deleted': [],
  'onboarding.choice_set': [],
  'onboarding.dismissed': [],
  'settings.credentials_updated': [],
  'member.updated': [],
  'member.deactivated': [],
  'member.imported': [],
  'member.credentials_viewed': [],
  'payment_head.created': ['amount'],
  'payment_head.updated': ['amount'],
  'payment_head.deleted': ['amount'],
  'payment_head.bulk_created': ['created[].amount'],
  'payment_head.csv_created': ['created[].amount'],
  'payment.tagged': [],
  'payment.revoked': [],
  'payment.csv_imported': ['amountChanges[].before', 'amountChanges[].after'],
  'payment.collected': ['amount', 'paidAmount'],
  'payment.reversed': ['amount', 'paidAmount'],
  'payment.receipt_numbered': [],
  'transaction.created': ['amount', 'payments[].amount', 'payments[].due'],
  'transaction.abandoned': [],
  'transaction.settled': ['amount', 'paid[].amount'],
  'transaction.paid_twice': ['conflicts[].amount', 'refundDue'],
  'transaction.failed': [],
  'transaction.verification_mismatch': ['details.orderAmount', 'details.gatewayAmount'],
  'transaction.verification_failed': [],
  'reminders.send': [],
  'reminders.send_all': [],
  'notifications.assignment': [],
  'notifications.payment_success': [],
  'notifications.receipt': [],
  'whatsapp.test': [],
  'demo.loaded': [],
  'payment_head.rolled_over': ['heads[].unpaidAmount', 'unpaidAmount'],
  'payment.concession_granted': ['amount', 'concession'],
  'whatsapp.settings_updated': [],
  'member.whatsapp_opt_out': [],
  'member.whatsapp_consent_given': [],
  'member.whatsapp_consent_withdrawn': [],
  'member.pay_links_revoked': [],
  'reminders.round_started': [],
  'reminders.scheduled': [],
  'transaction.superseded': [],
  'refund.refunded': ['remaining'],
  'refund.applied': ['remaining', 'amount'],
  'payments.test_voided': [],
  'receipt.collected': ['total', 'lines[].amount'],
  'receipt.reversed': ['total', 'lines[].amount'],
  'cheque.cleared': ['total'],
  'deposit.recorded': ['amount', 'cash', 'chequeTotal', 'days[].cash', 'cheques[].amount'],
  'cashier_day.closed': ['counted', 'net'],
  'cashier_day.reopened': [],
  'settings.upi_updated': [],
  'settings.time_zone_updated': [],
  'settings.ledger_mapping_changed': [],
  'settings.registration_80g_updated': [],
  'member.pan_updated': [],
  'member.password_reset': [],
  'staff_user.one_time_password_set': [],
  'staff_user.two_step_enabled': [],
  'staff_user.two_step_removed': [],
  'auth.recovery_code_used': [],
  'bank.account_saved': [],
  'bank.preset_confirmed': [],
  'bank.statement_imported': [],
  'bank.line_matched': ['amount'],
  'bank.line_unmatched': ['amount'],
  'gateway.settlements_recorded': ['net'],
  'settings.holidays_changed': [],
};

/**
 * Whether a value at `path` of an action's state is money (rupees).
 * @param path keys from the state's root joined by `.`, array elements as `[]` (see {@link AUDIT_MONEY_PATHS})
 * @returns false for an action that is not one of {@link AUDIT_ACTIONS}.
 */
export function isAuditMoneyPath(action: string, path: string): boolean {
  return isAuditAction(action) && AUDIT_MONEY_PATHS[action].includes(path);
}
