import { AUDIT_MONEY_PATHS, isAuditAction, type AuditAction } from './audit.ts';
import { formatINR, parseRupeesToPaise } from './money.ts';
import type { Activity } from './schemas/reports.ts';

/**
 * The Activity Log's sentences (`docs/domain.md`, §2 "Activity Log"): one English template per
 * audit action, e.g. "Lissy (cashier) collected ₹1,500.00 from Thomas Mathew (SM001) for Church
 * Tax 2026, receipt 2026-27/000538". The web catalogue holds them (`activities.sentences`, like
 * `messages`), and the server's download uses the same ones. Placeholders in `{{…}}` are filled by
 * {@link activitySentenceVars}. An action without a template (recorded by a newer version, or
 * added without one) reads {@link AUDIT_SENTENCE_FALLBACK}.
 */
export const AUDIT_SENTENCES: Partial<Record<AuditAction, string>> = {
  'auth.signed_in': '{{actor}} signed in',
  'auth.password_changed': '{{actor}} changed their password',
  'staff_user.created': '{{actor}} added the staff account {{staff}}',
  'staff_user.updated': '{{actor}} edited the staff account {{staff}}',
  'staff_user.password_reset': '{{actor}} set a new password for {{staff}}',
  'settings.updated': '{{actor}} updated the parish settings',
  'member.created': '{{actor}} added the member {{member}}',
  'ward.created': '{{actor}} added a ward',
  'ward.updated': '{{actor}} renamed a ward',
  'ward.deleted': '{{actor}} deleted a ward',
  'onboarding.choice_set': '{{actor}} made a choice on the Get started checklist',
  'onboarding.dismissed': '{{actor}} dismissed the Get started checklist',
  'settings.credentials_updated': '{{actor}} changed the payment gateway or WhatsApp credentials',
  'member.updated': '{{actor}} edited the member {{member}}',
  'member.deactivated': '{{actor}} deleted the member {{member}}',
  'member.imported': '{{actor}} imported {{count}} members from a CSV',
  'member.credentials_viewed': '{{actor}} viewed the login credentials of {{member}}',
  'payment_head.created': '{{actor}} added the account head {{head}} of {{amount}}',
  'payment_head.updated': '{{actor}} edited the account head {{head}}',
  'payment_head.deleted': '{{actor}} deleted the account head {{head}}',
  'payment_head.bulk_created': '{{actor}} created {{count}} account heads',
  'payment_head.csv_created': '{{actor}} created {{count}} account heads from a dues CSV',
  'payment.tagged': '{{actor}} tagged {{count}} members to {{head}}',
  'payment.revoked': '{{actor}} cancelled {{count}} tags of {{head}}',
  'payment.csv_imported': '{{actor}} imported {{count}} payments from a dues CSV',
  'payment.collected': '{{actor}} collected {{amount}} from {{member}} for {{head}}, receipt {{receipt}}',
  'payment.reversed':
    '{{actor}} reversed the collection of {{amount}} from {{member}} for {{head}}, receipt {{receipt}}',
  'payment.receipt_numbered': 'Receipt {{receipt}} was given to the payment of {{member}} for {{head}}',
  'transaction.created': '{{member}} started an online payment of {{amount}}',
  'transaction.abandoned': 'An unfinished online payment of {{member}} was closed when a new one began',
  'transaction.settled': '{{member}} paid {{amount}} online',
  'transaction.paid_twice': '{{member}} paid online for dues already paid or changed: {{amount}} to refund',
  'transaction.failed': 'The online payment of {{member}} failed',
  'transaction.verification_mismatch':
    "The gateway's answer about the online payment of {{member}} did not match the order",
  'transaction.verification_failed': 'A gateway answer whose signature did not verify was refused',
  'reminders.send': '{{actor}} sent payment reminders to {{count}} members',
  'reminders.send_all': '{{actor}} sent payment reminders to all {{count}} members with dues',
  'notifications.assignment': '{{count}} members were told of their new dues for {{head}}',
  'notifications.payment_success': '{{count}} members were sent a payment confirmation',
  'notifications.receipt': '{{count}} members were sent their receipt on WhatsApp',
  'whatsapp.test': '{{actor}} sent a WhatsApp test message',
  'demo.loaded': 'The demo parish was loaded with {{count}} members',
  'payment_head.rolled_over': '{{actor}} moved the unpaid current dues of a year to arrears',
  'payment.concession_granted': '{{actor}} granted a concession on {{head}} to {{member}}: the due is now {{amount}}',
  'whatsapp.settings_updated': '{{actor}} changed the payment link and scheduled reminder settings',
  'member.whatsapp_opt_out': '{{actor}} changed whether {{member}} receives WhatsApp messages',
  'member.whatsapp_consent_given': '{{actor}} recorded that {{member}} agreed to WhatsApp messages',
  'member.whatsapp_consent_withdrawn': '{{actor}} recorded that {{member}} withdrew consent to WhatsApp messages',
  'member.pay_links_revoked': '{{actor}} revoked the payment links of {{member}}',
  'reminders.round_started': '{{actor}} started a WhatsApp round of {{count}} members',
  'reminders.scheduled': 'Scheduled reminders were queued for {{count}} members',
  'transaction.superseded': 'An unfinished online payment of {{member}} was replaced by a new one',
  'refund.refunded': '{{actor}} recorded a refund to {{member}}',
  'refund.applied': '{{actor}} applied {{amount}} of online money to another due of {{member}}, receipt {{receipt}}',
  'payments.test_voided': '{{actor}} voided all test payments',
  'receipt.collected': '{{actor}} collected dues from {{member}}, receipt {{receipt}}',
  'receipt.reversed': '{{actor}} reversed receipt {{receipt}} of {{member}}',
  'cheque.cleared': '{{actor}} marked the cheque of receipt {{receipt}} cleared',
  'deposit.recorded': '{{actor}} recorded a bank deposit of {{amount}}',
  'cashier_day.closed': '{{actor}} closed a day sheet',
  'cashier_day.reopened': '{{actor}} reopened a day sheet',
  'settings.upi_updated': '{{actor}} changed the parish UPI ID',
  'settings.time_zone_updated': '{{actor}} changed the parish time zone',
  'settings.ledger_mapping_changed': '{{actor}} changed the ledger mapping for the accounts export',
  'settings.registration_80g_updated': "{{actor}} changed the trust's 80G registration",
  'member.pan_updated': '{{actor}} changed the PAN of {{member}}',
  'member.password_reset': '{{actor}} reset the password of {{member}}',
  'staff_user.one_time_password_set': '{{actor}} set a one-time password for {{staff}}',
  'staff_user.two_step_enabled': '{{actor}} turned on two-step sign-in',
  'staff_user.two_step_removed': '{{actor}} turned off two-step sign-in for {{staff}}',
  'auth.recovery_code_used': '{{actor}} used a recovery code',
  'bank.account_saved': '{{actor}} saved a bank account’s statement columns',
  'bank.preset_confirmed': '{{actor}} confirmed a bank’s statement preset',
  'bank.statement_imported': '{{actor}} uploaded a bank statement',
  'bank.line_matched': '{{actor}} matched a bank statement line with a receipt',
  'bank.line_unmatched': '{{actor}} undid the match of a bank statement line',
  'gateway.settlements_recorded': '{{actor}} recorded gateway settlements',
  'settings.holidays_changed': '{{actor}} changed the holiday list',
};

/**
 * The singular sentences of the actions whose sentence counts something (issue 27, item 5: "created
 * 1 account heads"): English's plural category "one", read when the count is exactly 1. The web
 * catalogue holds them as `activities.sentences.<action>_one` beside {@link AUDIT_SENTENCES}, so
 * i18next's plural rules choose between them; the server's download chooses with
 * {@link activitySentenceTemplate}.
 */
export const AUDIT_SENTENCES_ONE: Partial<Record<AuditAction, string>> = {
  'member.imported': '{{actor}} imported {{count}} member from a CSV',
  'payment_head.bulk_created': '{{actor}} created {{count}} account head',
  'payment_head.csv_created': '{{actor}} created {{count}} account head from a dues CSV',
  'payment.tagged': '{{actor}} tagged {{count}} member to {{head}}',
  'payment.revoked': '{{actor}} cancelled {{count}} tag of {{head}}',
  'payment.csv_imported': '{{actor}} imported {{count}} payment from a dues CSV',
  'reminders.send': '{{actor}} sent a payment reminder to {{count}} member',
  'reminders.send_all': '{{actor}} sent a payment reminder to the {{count}} member with dues',
  'notifications.assignment': '{{count}} member was told of their new dues for {{head}}',
  'notifications.payment_success': '{{count}} member was sent a payment confirmation',
  'notifications.receipt': '{{count}} member was sent their receipt on WhatsApp',
  'demo.loaded': 'The demo parish was loaded with {{count}} member',
  'reminders.round_started': '{{actor}} started a WhatsApp round of {{count}} member',
  'reminders.scheduled': 'Scheduled reminders were queued for {{count}} member',
};

/** The sentence of an action without a template: who, and the action's name. */
export const AUDIT_SENTENCE_FALLBACK = '{{actor}}: {{action}}';
/** The same, when the entry names a member, an account head or a staff account. */
export const AUDIT_SENTENCE_FALLBACK_ABOUT = '{{actor}}: {{action}} ({{about}})';

/** The words a sentence uses where the entry does not name someone (the catalogue's `activities.words`). */
export const AUDIT_SENTENCE_WORDS = {
  system: 'The system',
  gateway: 'The payment gateway',
  someone: 'Someone',
  member: 'a member',
  head: 'an account head',
  staff: 'a staff account',
  receipt: '(none)',
  roles: { admin: 'admin', cashier: 'cashier', member: 'member' } as Record<string, string>,
};

/**
 * Which sentence an entry reads: its action's own (`'own'`), or the fallback, with the names it
 * is about (`'fallbackAbout'`) or without (`'fallback'`).
 */
export function activitySentenceKind(
  activity: Pick<Activity, 'action' | 'subject'>,
): 'own' | 'fallback' | 'fallbackAbout' {
  if (isAuditAction(activity.action) && AUDIT_SENTENCES[activity.action]) return 'own';
  const { member, head, staff } = activity.subject;
  return member || head || staff ? 'fallbackAbout' : 'fallback';
}

/**
 * The English template of an entry's sentence (see {@link activitySentenceKind}): its action's
 * own, in the singular ({@link AUDIT_SENTENCES_ONE}) when it counts exactly one thing.
 */
export function activitySentenceTemplate(activity: Pick<Activity, 'action' | 'subject' | 'before' | 'after'>): string {
  const kind = activitySentenceKind(activity);
  if (kind === 'fallback') return AUDIT_SENTENCE_FALLBACK;
  if (kind === 'fallbackAbout') return AUDIT_SENTENCE_FALLBACK_ABOUT;
  const action = activity.action as AuditAction;
  const one = activityCount(activity) === 1 ? AUDIT_SENTENCES_ONE[action] : undefined;
  return one ?? AUDIT_SENTENCES[action] ?? AUDIT_SENTENCE_FALLBACK;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function rupees(value: unknown): string | null {
  const paise = typeof value === 'number' || typeof value === 'string' ? parseRupeesToPaise(value) : null;
  return paise === null ? null : formatINR(paise);
}

/**
 * The number an entry's sentence counts (`{{count}}`: members imported, heads created, members
 * tagged, tags cancelled, reminders sent…), read from its recorded states; null when it records none.
 */
export function activityCount(activity: Pick<Activity, 'action' | 'before' | 'after'>): number | null {
  return countOf(activity.action, record(activity.before), record(activity.after));
}

function countOf(action: string, before: Record<string, unknown>, after: Record<string, unknown>): number | null {
  const length = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  switch (action) {
    case 'member.imported':
    case 'demo.loaded':
      return typeof after.count === 'number' ? after.count : typeof after.members === 'number' ? after.members : null;
    case 'payment_head.bulk_created':
    case 'payment_head.csv_created':
      return length(after.created);
    case 'payment.tagged':
      return length(after.added) + length(after.updated);
    case 'payment.revoked':
      return length(after.revoked);
    case 'payment.csv_imported':
      return typeof after.paymentsCreated === 'number' ? after.paymentsCreated : null;
    default:
      return typeof after.total === 'number' ? after.total : typeof before.total === 'number' ? before.total : null;
  }
}

/**
 * The values a sentence's placeholders take: `actor` ("Lissy (cashier)", "Thomas Mathew
 * (member)", "The system"), `member` ("Thomas Mathew (SM001)"), `head` ("Church Tax 2026"),
 * `staff`, `amount` (₹ with Indian grouping: the paid amount, else the refund due or the amount,
 * from the rupee fields `AUDIT_MONEY_PATHS` names), `receipt`, `count`, `action` and `about`.
 * @param words the catalogue's `activities.words` (English by default)
 */
export function activitySentenceVars(
  activity: Activity,
  words: typeof AUDIT_SENTENCE_WORDS = AUDIT_SENTENCE_WORDS,
  actionLabel: (action: string) => string = (action) => action,
): Record<string, string> {
  const before = record(activity.before);
  const after = record(activity.after);
  const { member, head, staff } = activity.subject;
  const role = activity.actorRole ?? (activity.actorType === 'member' ? 'member' : null);
  const actor =
    activity.actorType === 'system'
      ? words.system
      : activity.actorType === 'gateway'
        ? words.gateway
        : `${activity.actorName ?? words.someone}${role ? ` (${words.roles[role] ?? role})` : ''}`;
  const memberText = member ? `${member.name} (${member.parishNumber})` : words.member;
  const headText = head
    ? head.name.includes(String(head.year))
      ? head.name
      : `${head.name} ${head.year}`
    : words.head;
  const moneyKeys = isAuditAction(activity.action) ? AUDIT_MONEY_PATHS[activity.action] : [];
  const amountKey = ['paidAmount', 'refundDue', 'amount'].find(
    (key) => moneyKeys.includes(key) && rupees(after[key] ?? before[key]) !== null,
  );
  const receipt = after.receiptNumber ?? after.retiredReceiptNumber ?? before.receiptNumber;
  const about = [member ? memberText : null, head ? headText : null, staff ? staff.name : null].filter(Boolean);
  const count = countOf(activity.action, before, after);
  return {
    actor,
    member: memberText,
    head: headText,
    staff: staff?.name ?? words.staff,
    amount: amountKey ? (rupees(after[amountKey] ?? before[amountKey]) ?? '') : '',
    receipt: typeof receipt === 'string' && receipt ? receipt : words.receipt,
    count: count === null ? '' : new Intl.NumberFormat('en-IN').format(count),
    action: actionLabel(activity.action),
    about: about.join(', '),
  };
}

/** Fills `{{name}}` placeholders of a template (the server's download; the web uses i18next). */
export function fillTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

/** The English sentence of an audit entry (the download's "What happened" column). */
export function activitySentence(activity: Activity): string {
  return fillTemplate(activitySentenceTemplate(activity), activitySentenceVars(activity));
}
