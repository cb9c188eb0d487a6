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
