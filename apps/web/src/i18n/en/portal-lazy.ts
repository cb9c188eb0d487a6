/**
 * English texts of member screens that load after the first screen (decision 0042's budget): the
 * public receipt check page (`portal.receiptCheck`, decision 0137) and the states of online
 * attempts (`portal.attempts`, decision 0142). Each screen adds them when its module loads
 * (`addLazyEnglish`); Malayalam, Hindi and Tamil, loaded whole, hold their translations.
 */
export const receiptCheckTexts = {
  title: 'Check a receipt',
  loading: 'Checking the receipt...',
  unknown: 'This receipt could not be found. Check that the whole link was copied.',
  validTitle: 'Genuine receipt',
  valid: 'This receipt was issued by {{parish}} and is valid.',
  voidedTitle: 'This receipt was voided',
  voided: 'This receipt was issued by {{parish}} and later voided: it no longer stands for a payment.',
  testTitle: 'TEST — no real money',
  test: 'This receipt is of a test payment: no money was received.',
  number: 'Receipt No.',
  date: 'Date',
  amount: 'Amount',
  member: 'Member',
  status: 'Status',
  statusValid: 'Valid',
  statusVoided: 'Voided',
  privacy: "Only the member's initials are shown here.",
} as const;

/** The states of a member's online attempts and the note on money paid twice (decision 0142). */
export const attemptTexts = {
  state: {
    paid: 'Paid',
    pending: 'Pending',
    failed: 'Failed',
    cancelled: 'Cancelled',
    superseded: 'Replaced by a newer attempt',
    expired: 'Expired',
  },
  supersededNote:
    'You started a newer payment for the same dues. This one is still checked with the bank; if it was paid after all, you will be told here.',
  paidTwiceTitle: 'Paid twice',
  paidTwiceOpen:
    '{{amount}} for {{dues}} had already been paid, so it was paid twice. The parish will refund {{amount}} to you.',
  paidTwiceRefunded: '{{amount}} for {{dues}} was paid twice. Refunded on {{date}}.',
  paidTwiceApplied: '{{amount}} for {{dues}} was paid twice. The parish put it towards another of your dues.',
  alreadyPaidCount: 'Already paid before (the parish will refund it)',
} as const;

/** The member's yearly statement card (issue 29 item 8, decision 0139). */
export const statementTexts = {
  title: 'Yearly statement',
  intro: 'The dues of a financial year, what was paid (with receipt numbers), concessions and the balance, as a PDF.',
  year: 'Financial year',
  download: 'Download statement',
} as const;
