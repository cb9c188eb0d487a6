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
