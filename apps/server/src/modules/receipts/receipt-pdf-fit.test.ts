import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { paise, type Language } from '@parish/shared';

import type { ReceiptData } from './receipt-html.ts';
import { buildReceiptPdf } from './receipt-pdf.ts';

/**
 * An A5 receipt stays one page with the longest amount in words (issue 29, decision 0144): the
 * largest amount a receipt can carry, ₹99,99,99,999.99, whose words in Malayalam and Tamil run to
 * several lines, on a receipt with every optional field filled (logo, address, contact, email,
 * cheque, remarks, description, check link). Pages counted from the PDF's page objects.
 */

const work = mkdtempSync(path.join(tmpdir(), 'receipt-fit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A 1 × 1 PNG as a data URL: the logo. */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The fullest receipt a counter makes, for the largest amount. */
const fullest: ReceiptData = {
  parish: {
    name: "St. Mary's Forane Church, Kuravilangad",
    address: 'Kuravilangad P.O., Kottayam District, Kerala 686633, India',
    contact: 'Phone +91 48222 30224 · office@kuravilangadchurch.example.org',
    logoUrl: LOGO,
  },
  receiptNumber: 'RCP/2026-27/000123',
  transactionId: 'TXN1764379000000ABCDEFGHIJ',
  date: '29/11/2026',
  paymentMethod: 'cheque',
  member: {
    name: 'Kunnumpurathu Mathew Thomas Varghese Kuriakose',
    parishNumber: 'KRV10234',
    mobile: '919847012345',
    email: 'kunnumpurathu.mathew.thomas@example.org',
  },
  head: { name: 'Church Renovation Fund 2026', description: 'Renovation of the parish hall and the bell tower', typeLabel: 'Miscellaneous' },
  amountPaise: paise(9_99_99_99_999),
  remarks: 'Paid on behalf of the family for the renovation appeal of 2026',
  cheque: { bank: 'State Bank of India, Kuravilangad', number: '004512', date: '28/11/2026', status: 'received' },
  check: { url: 'https://kuravilangad.parishdues.example.org/r/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', qrSvg: '' },
};

/**
 * The pages of a PDF: its page objects (`/Type /Page`; pdfkit writes no object streams, so each is
 * in the clear), and the file kept for a look when the test fails.
 */
function pagesOf(pdf: Buffer, name: string): number {
  writeFileSync(path.join(work, `${name}.pdf`), pdf);
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

describe('an A5 receipt with the longest amount in words', () => {
  it.each(['ml', 'ta', 'hi', 'en'] satisfies Language[])('is one page in %s', async (language) => {
    const pdf = await buildReceiptPdf(fullest, 'a5', language);
    expect(pagesOf(pdf, `a5-${language}`)).toBe(1);
  });
});
