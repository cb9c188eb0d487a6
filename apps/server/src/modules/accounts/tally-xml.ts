import { formatPaisePlain, paise, type Paise } from '@parish/shared';

import type { Books, LedgerEntry, Voucher } from './books.ts';

/**
 * The books as a Tally Prime import file (issue 30 item 2, decision 0146; Tally's Developer
 * Reference, "Understanding Integration – Transactions"): `ENVELOPE` → `HEADER` (`TALLYREQUEST`
 * Import Data) → `BODY` → `IMPORTDATA` → `REQUESTDESC` + `REQUESTDATA` → one `TALLYMESSAGE` per
 * ledger master (`LEDGER NAME=… ACTION="Create"` with `PARENT`), then one per voucher
 * (`VOUCHER VCHTYPE=… ACTION="Create"`, `DATE` yyyymmdd, `ALLLEDGERENTRIES.LIST`). Tally's sign
 * rule: a debit is a negative `AMOUNT` with `ISDEEMEDPOSITIVE` Yes, a credit a positive one with No.
 */

/** The characters XML 1.0 forbids: C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF; lone surrogates. */
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * XML 1.0 text of a value: the characters XML forbids (C0 controls but tab, newline and carriage
 * return; U+FFFE, U+FFFF; a lone surrogate) dropped, then `&`, `<`, `>`, `"` and `'` escaped, so a
 * name such as `Building & <Hall> ഫണ്ട്` parses back to itself. Safe in text and in attribute values.
 */
export function xmlText(value: string): string {
  return value
    .replace(XML_FORBIDDEN, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Tally's signed amount of an entry in rupees with two decimals: a debit negative, a credit positive. */
export function tallyAmount(entry: LedgerEntry): string {
  return formatPaisePlain(entry.side === 'debit' ? paise(-entry.amount) : (entry.amount as Paise));
}

function voucherXml(voucher: Voucher): string {
  const entries = voucher.entries
    .map(
      (entry) =>
        `     <ALLLEDGERENTRIES.LIST>\n      <LEDGERNAME>${xmlText(entry.ledger)}</LEDGERNAME>\n` +
        `      <ISDEEMEDPOSITIVE>${entry.side === 'debit' ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>\n` +
        `      <AMOUNT>${tallyAmount(entry)}</AMOUNT>\n     </ALLLEDGERENTRIES.LIST>\n`,
    )
    .join('');
  return (
    `   <TALLYMESSAGE xmlns:UDF="TallyUDF">\n` +
    `    <VOUCHER VCHTYPE="${voucher.type}" ACTION="Create">\n` +
    `     <DATE>${voucher.date.replaceAll('-', '')}</DATE>\n` +
    `     <VOUCHERTYPENAME>${voucher.type}</VOUCHERTYPENAME>\n` +
    `     <VOUCHERNUMBER>${xmlText(voucher.number)}</VOUCHERNUMBER>\n` +
    `     <NARRATION>${xmlText(voucher.narration)}</NARRATION>\n` +
    entries +
    `    </VOUCHER>\n   </TALLYMESSAGE>\n`
  );
}

/** Vouchers written into one chunk of {@link tallyXmlChunks}: about 1 MB of XML at a year's receipts. */
const VOUCHERS_PER_CHUNK = 1_000;

/**
 * The Tally Prime XML of the books in chunks, in order: the envelope's head and the ledger masters
 * (Tally needs a ledger before a voucher names it), then the vouchers {@link VOUCHERS_PER_CHUNK} at
 * a time, then the envelope's tail. Sent as a stream (`accounts.routes.ts`), so a year's file
 * (60 MB at 60,000 receipts) is never one string in memory (`docs/domain.md`, §12 "D5").
 * @param company the parish's name, the company the import is meant for (`SVCURRENTCOMPANY`)
 */
export function* tallyXmlChunks(books: Books, company: string): Generator<string> {
  const masters = books.masters
    .map(
      (master) =>
        `   <TALLYMESSAGE xmlns:UDF="TallyUDF">\n` +
        `    <LEDGER NAME="${xmlText(master.name)}" ACTION="Create">\n` +
        `     <NAME>${xmlText(master.name)}</NAME>\n     <PARENT>${xmlText(master.parent)}</PARENT>\n` +
        `    </LEDGER>\n   </TALLYMESSAGE>\n`,
    )
    .join('');
  yield (
    `<?xml version="1.0" encoding="UTF-8"?>\n<ENVELOPE>\n <HEADER>\n  <TALLYREQUEST>Import Data</TALLYREQUEST>\n </HEADER>\n` +
    ` <BODY>\n  <IMPORTDATA>\n   <REQUESTDESC>\n    <REPORTNAME>Vouchers</REPORTNAME>\n` +
    `    <STATICVARIABLES>\n     <SVCURRENTCOMPANY>${xmlText(company)}</SVCURRENTCOMPANY>\n    </STATICVARIABLES>\n` +
    `   </REQUESTDESC>\n  <REQUESTDATA>\n${masters}`
  );
  for (let start = 0; start < books.vouchers.length; start += VOUCHERS_PER_CHUNK) {
    yield books.vouchers
      .slice(start, start + VOUCHERS_PER_CHUNK)
      .map(voucherXml)
      .join('');
  }
  yield `  </REQUESTDATA>\n  </IMPORTDATA>\n </BODY>\n</ENVELOPE>\n`;
}
