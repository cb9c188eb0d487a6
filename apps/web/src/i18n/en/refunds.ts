/**
 * Online payments that survive real life (`docs/domain.md`, §4 "Refunds and exceptions", §10
 * "Payment mode"): the refunds and exceptions queue, the test-payments band, the cashier's warning.
 */
export const refunds = {
  title: 'Refunds and Exceptions',
  intro:
    'Online payments that could not be applied to the dues they were meant for. Refund them in the gateway’s own dashboard, then record it here, or apply the money to another due of the same member.',
  readOnly: 'Only an administrator can record a refund or apply the money.',
  empty: 'No refunds or exceptions pending.',
  loading: 'Loading refunds and exceptions...',
  loadError: 'Could not load the refunds and exceptions: {{reason}}',
  pending: 'Refunds pending: {{count}}, {{amount}}',
  columns: {
    member: 'Member',
    amount: 'Amount',
    reference: 'Gateway reference',
    reason: 'Why',
    date: 'Received',
    actions: 'Actions',
  },
  reasons: {
    paid_twice: 'The due was already paid at the office',
    superseded_paid: 'An abandoned checkout was paid after a newer one',
    not_captured: 'Not captured, returned by Razorpay',
    amount_mismatch: 'The gateway received another amount than the order',
    status_disagrees: 'The gateway reports a payment our record does not match',
    due_changed: 'The due was changed after this checkout began',
  },
  forDue: 'For: {{head}}',
  test: 'Test',
  remainingOf: '{{remaining}} of {{amount}}',
  refunded: 'Refunded',
  apply: 'Apply to another due of this member',
  refundedTitle: 'Record a refund',
  refundReference: 'Refund reference',
  refundDate: 'Refund date',
  note: 'Note',
  save: 'Save',
  applyTitle: 'Apply to another due',
  due: 'Due',
  noDues: 'This member has no pending due that this money covers.',
  applied: 'Applied. Receipt {{receipt}}.',
  recorded: 'Refund recorded.',
  voidTitle: 'Before going live',
  voidIntro:
    'Test payments were made in sandbox mode: no real money moved. Void them all before taking real payments: each becomes pending again and its receipt is voided.',
  voidButton: 'Void all test payments',
  voidConfirm: 'Void every test payment? Each becomes pending again and its receipt is voided.',
  voided_one: '{{count}} test payment voided.',
  voided_other: '{{count}} test payments voided.',
  checkoutInProgress:
    'An online payment for this due is in progress. If you collect now and the member’s payment also goes through, it will appear under Refunds and Exceptions.',
} as const;

/**
 * The member-side texts of `refunds` (the test-payments band and the pending-checkout banner,
 * `MEMBER_PARTS`): in the first load (`en.ts`); the rest of the namespace above is the back
 * office's (`en-staff.ts`), merged into the same namespace when it loads.
 */
export const refundsMember = {
  band: 'Test payments: no real money',
  checkout: {
    title: 'A payment you started is not finished',
    text: 'You started paying {{heads}} online and did not finish. Continue to pay again, or cancel it.',
    continue: 'Continue',
    cancel: 'Cancel',
  },
} as const;
