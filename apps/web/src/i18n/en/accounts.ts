/**
 * The accounts export's texts (back office; issue 30 item 2, decision 0146): the range, the Tally
 * grouping and the two downloads.
 */
export const accounts = {
  title: 'Accounts export',
  intro:
    'Download the receipts of a range of days for the parish’s books: a Tally Prime import file (ledgers, then vouchers) or a journal CSV for Zoho Books, ERPNext or GnuCash. Test payments are never included; a voided receipt appears again as its own reversal on the day it was voided.',
  from: 'From',
  to: 'To',
  mode: 'Tally vouchers',
  modeReceipt: 'One voucher per receipt',
  modeDay: 'One voucher per day and way of paying',
  downloadTally: 'Download Tally XML',
  downloadJournal: 'Download journal CSV',
  failed: 'The export could not be downloaded. Please try again.',
};

/** The Receipts and Payments account's downloads on the Accounts export screen (issue 30 item 7, decision 0153). */
export const receiptsPayments = {
  title: 'Receipts and Payments account',
  intro:
    'The receipts side of the parish’s Receipts and Payments account for a financial year, as presented to the parish council and the diocese: the opening and closing balances by where the money sits (cash in hand, cheques not yet deposited, bank, with the payment gateways) and the year’s receipts by ledger and head. Payments are kept in the parish’s own books.',
  year: 'Financial year',
  downloadPdf: 'Download PDF',
  downloadExcel: 'Download Excel',
  failed: 'The statement could not be downloaded. Please try again.',
};

/** The texts of Parish Settings' ledger mapping (issue 30 item 1, decision 0146). */
export const ledgerMapping = {
  title: 'Ledger mapping for the accounts export',
  intro:
    'The ledger names your accounts use (Tally, Zoho Books, ERPNext, GnuCash). Several heads may share one income ledger. Groups are Tally groups such as Indirect Incomes.',
  cash: 'Cash ledger',
  perCashier: 'One cash ledger per cashier (“Cash - name”)',
  fields: {
    upiBank: 'Bank ledger for UPI',
    chequeBank: 'Bank ledger for cheques',
    razorpay: 'Razorpay clearing ledger',
    worldline: 'Worldline clearing ledger',
    gatewayFees: 'Gateway charges ledger',
    gstOnFees: 'GST on gateway charges ledger',
  },
  heads: 'Income ledger of each account head',
  noHeads: 'No account heads yet.',
  headLedger: 'Ledger of {{head}}',
  headGroup: 'Group of {{head}}',
  saved: 'Ledger mapping saved.',
};

/** The gateway settlements screen's texts (back office; issue 30 item 5, decision 0151). */
export const settlements = {
  title: 'Gateway settlements',
  intro:
    'What Razorpay and Worldline paid into the parish’s bank for each online payment: the gross the member paid, the gateway’s fee, the GST on the fee, the net and the settlement’s UTR and date. A payment not settled after 3 working days (not Sundays, the 2nd and 4th Saturdays or the parish’s holidays) is marked Late. Razorpay’s settlements are also fetched every day.',
  from: 'From',
  to: 'To',
  fetchNow: 'Fetch settlements now',
  lastRecorded: 'Settlements last recorded {{when}}',
  loading: 'Loading settlements...',
  payments: 'Online payments',
  none: 'No online payments in these days.',
  unsettledCount_one: '{{count}} online payment is not settled after 3 working days.',
  unsettledCount_other: '{{count}} online payments are not settled after 3 working days.',
  totals: 'Settled: gross {{gross}}, fees {{fee}}, GST {{tax}}, net {{net}}',
  recorded: 'New settlements: {{settlements}}; their payments: {{items}}; bank lines matched: {{matched}}',
  paidOn: 'Paid on',
  member: 'Member',
  receipt: 'Receipt',
  gateway: 'Gateway',
  gross: 'Gross',
  fee: 'Fee',
  tax: 'GST on fee',
  net: 'Net',
  utr: 'Settlement UTR',
  settledOn: 'Settled on',
  status: 'Status',
  settled: 'Settled',
  late: 'Late: expected by {{date}}',
  expected: 'Expected by {{date}}',
  test: 'test',
  worldlineTitle: 'Import a Worldline settlement report',
  worldlineIntro:
    'Download the settlement report from Worldline’s merchant portal (CSV or Excel) and give the column number of each field, counting from 1, and how many rows to skip at the top and bottom. A settlement already imported is skipped.',
  mapping: {
    txnIdColumn: 'Merchant transaction id column',
    grossColumn: 'Gross column',
    feeColumn: 'Fee column',
    taxColumn: 'GST column',
    netColumn: 'Net column',
    dateColumn: 'Settlement date column',
    utrColumn: 'UTR column',
    skipRows: 'Rows to skip at the top',
    footerRows: 'Rows to skip at the bottom',
    dateFormat: 'Date format',
  },
  file: 'Settlement report',
  filePlaceholder: 'Choose the CSV or Excel file',
  import: 'Import report',
};

/** Parish Settings' holiday list (decision 0151). */
export const holidays = {
  title: 'Holiday list',
  intro:
    'Days the bank does not work besides Sundays and the 2nd and 4th Saturdays. They decide when an online payment’s settlement is late (after 3 working days).',
  none: 'No holidays listed.',
  day: 'Date',
  name: 'Holiday',
  add: 'Add a holiday',
  remove: 'Remove the holiday of {{day}}',
  saved: 'Holiday list saved',
};
