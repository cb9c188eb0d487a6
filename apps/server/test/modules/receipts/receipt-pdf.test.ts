import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, PDF_MSG } from '@parish/shared';

import { members, payments } from '../../../src/db/schema/index.ts';
import { signReceiptLink } from '../../../src/modules/whatsapp-links/link-signing.ts';
import { pdfLayoutGlyphs } from '../../../src/modules/receipts/pdf-document.ts';
import type { PdfScript } from '../../../src/modules/receipts/pdf-fonts.ts';
import { insertHead, insertPayment } from '../../factories.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginMember,
  type Session,
  type TestApp,
} from '../../helpers.ts';

/**
 * Receipt PDFs and the yearly statement (issue 29 items 5 and 8, decision 0139): Indic text laid out
 * with HarfBuzz's glyphs (the fixed `hb-shape` vectors), the PDF's text (read back with poppler's
 * `pdftotext`) carrying the HTML receipt's amount in words, fonts embedded as subsets, and who may
 * read which PDF.
 */

const FIXTURES = path.join(import.meta.dirname, '../../fixtures');
const SCRIPT: Record<string, PdfScript> = { ml: 'malayalam', hi: 'devanagari', ta: 'tamil' };

interface Vector {
  lang: 'ml' | 'hi' | 'ta';
  weight: 400 | 700;
  text: string;
  glyphs: number[];
  advances: number[];
}

const { vectors } = JSON.parse(readFileSync(path.join(FIXTURES, 'indic-shaping-vectors.json'), 'utf8')) as {
  vectors: Vector[];
};

describe('Indic shaping in the PDF equals hb-shape', () => {
  it('covers each script with conjuncts, reph, chillu and vowel signs at both weights', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(50);
    for (const needle of ['ക്ഷ', 'ന്റ', 'ൺ', 'कर्म', 'क्ष', 'त्र', 'ि', 'கௌ', 'ஸ்ரீ']) {
      expect(
        vectors.some((vector) => vector.text.includes(needle)),
        needle,
      ).toBe(true);
    }
  });

  it.each(vectors.map((vector) => [`${vector.lang} ${vector.weight} ${vector.text}`, vector] as const))(
    '%s',
    (_name, vector) => {
      const laid = pdfLayoutGlyphs(vector.text, SCRIPT[vector.lang] ?? 'latin', vector.weight);
      expect(laid.ids).toEqual(vector.glyphs);
      expect(laid.advances).toEqual(vector.advances);
    },
  );
});

let t: TestApp;
let cashier: Session;
let work: string;

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-20T06:00:00Z') });
  cashier = await loginAs(t.app, 'cashier');
  work = mkdtempSync(path.join(tmpdir(), 'receipt-pdf-'));
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await t.close();
});

let files = 0;
/** Runs a poppler tool on the PDF's bytes. */
function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo', pdf: Buffer): string {
  files += 1;
  const file = path.join(work, `${files}.pdf`);
  writeFileSync(file, pdf);
  const args = tool === 'pdftotext' ? ['-layout', file, '-'] : [file];
  return execFileSync(tool, args, { encoding: 'utf8' });
}

/** Words as pdftotext lays them out, with runs of white space (line breaks too) made one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Collects ₹1,23,456.78 in cash from a new member; the member (password 'Member-Pdf-Password-1') and the receipt id. */
async function paidReceipt(name: string) {
  const member = await createMember(t.app, { name, password: 'Member-Pdf-Password-1' });
  const payment = await insertPayment(
    t.db,
    member,
    await insertHead(t.db, { amountPaise: 1_23_45_678, name: 'Church Tax' }),
  );
  const collected = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${payment.id}/collect`,
    headers: cashier.headers,
    payload: { collectionAmount: 123456.78, paymentMethod: 'cash' },
  });
  expect(collected.statusCode, collected.body).toBe(200);
  const [row] = await t.db
    .select({ receiptId: payments.receiptId, number: payments.receiptNumber })
    .from(payments)
    .where(eq(payments.id, payment.id));
  return { member, paymentId: payment.id, receiptId: row?.receiptId ?? '', number: row?.number ?? '' };
}

function get(url: string, session?: Session) {
  return t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });
}

describe('receipt PDF', () => {
  it('has the HTML receipt’s details and amount in words, fonts as subsets; A5 and an 80 mm roll', async () => {
    const { receiptId, number } = await paidReceipt('Mathew Kurian');
    const html = (await get(`/api/receipts/${receiptId}/print`, cashier)).body;
    const words = /<div class="words">([^<]+)<\/div>/.exec(html)?.[1] ?? '';
    expect(words).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees And Seventy Eight Paise Only');

    const a5 = await get(`/api/receipts/${receiptId}/pdf?layout=a5`, cashier);
    expect(a5.statusCode, a5.body).toBe(200);
    expect(a5.headers['content-type']).toBe('application/pdf');
    expect(a5.headers['cache-control']).toBe('no-store');
    expect(a5.headers['content-disposition']).toBe(`attachment; filename="receipt-${number.replace('/', '-')}.pdf"`);
    expect(a5.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(poppler('pdftotext', a5.rawPayload));
    for (const expected of [
      words,
      '₹1,23,456.78',
      number,
      'Mathew Kurian',
      'Church Tax',
      'Cash',
      'PAYMENT RECEIPT',
      '/r/',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('VOID');
    expect(poppler('pdfinfo', a5.rawPayload)).toMatch(/Page size:\s+419\.5\d* x 595\.2\d* pts/);
    // Every font embedded as a subset (poppler marks a subset's name with a six-letter tag).
    const fonts = poppler('pdffonts', a5.rawPayload).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/);

    const roll = await get(`/api/receipts/${receiptId}/pdf?layout=80mm`, cashier);
    expect(roll.statusCode).toBe(200);
    expect(poppler('pdfinfo', roll.rawPayload)).toMatch(/Page size:\s+226\.7\d* x \d+(\.\d+)? pts/);
    expect(flat(poppler('pdftotext', roll.rawPayload))).toContain(words);
  });

  it("adds the member's language: Malayalam, Hindi or Tamil words in their Noto font", async () => {
    const { member, receiptId } = await paidReceipt('Anna Joseph');
    await t.db.update(members).set({ language: 'ml' }).where(eq(members.id, member.id));
    const ml = await get(`/api/receipts/${receiptId}/pdf`, cashier);
    expect(ml.statusCode).toBe(200);
    expect(poppler('pdffonts', ml.rawPayload)).toContain('NotoSansMalayalam');
    const text = poppler('pdftotext', ml.rawPayload);
    // Indic text extracts approximately (pre-base vowel signs come out in visual order); these words come back whole.
    for (const word of ['രസീത്', 'തീയതി', 'ഇടവക നമ്പർ', 'ലക്ഷത്തി']) expect(text).toContain(word);
    expect(flat(text)).toContain('One Lakh Twenty Three Thousand');

    const hi = await get(`/api/receipts/${receiptId}/pdf?lang=hi`, cashier);
    expect(poppler('pdffonts', hi.rawPayload)).toContain('NotoSansDevanagari');
    for (const word of ['रसीद संख्या', 'एक लाख तेईस हज़ार']) expect(poppler('pdftotext', hi.rawPayload)).toContain(word);
    const ta = await get(`/api/receipts/${receiptId}/pdf?lang=ta`, cashier);
    expect(poppler('pdffonts', ta.rawPayload)).toContain('NotoSansTamil');
    expect(poppler('pdftotext', ta.rawPayload)).toContain('ரசீது எண்');
    const en = await get(`/api/receipts/${receiptId}/pdf?lang=en`, cashier);
    expect(poppler('pdffonts', en.rawPayload)).not.toContain('NotoSansMalayalam');
  });

  it('a member reads their own receipt only; a bad layout or language is a clear 400', async () => {
    const own = await paidReceipt('Own Receipt');
    const other = await paidReceipt('Other Receipt');
    const session = await loginMember(t.app, own.member.mobile, own.member.password);
    const mine = await get(`/api/receipts/${own.receiptId}/pdf?layout=80mm`, session);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(flat(poppler('pdftotext', mine.rawPayload))).toContain('Own Receipt');
    const theirs = await get(`/api/receipts/${other.receiptId}/pdf`, session);
    expectError(theirs, 404, ErrorCode.NOT_FOUND);
    expect(theirs.body).not.toContain('Other Receipt');
    expectError(
      await get(`/api/receipts/${own.receiptId}/pdf?layout=a4`, session),
      400,
      ErrorCode.VALIDATION_FAILED,
      PDF_MSG.badLayout,
    );
    expectError(
      await get(`/api/receipts/${own.receiptId}/pdf?lang=fr`, cashier),
      400,
      ErrorCode.VALIDATION_FAILED,
      PDF_MSG.badLanguage,
    );
    expect((await get(`/api/receipts/${own.receiptId}/pdf`)).statusCode).toBe(401);
  });

  it('marks a voided receipt VOID with its reason, as the HTML receipt does', async () => {
    const { receiptId } = await paidReceipt('Voided Receipt');
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/receipts/${receiptId}/reverse`,
      headers: cashier.headers,
      payload: { reason: 'wrong_amount' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const html = (await get(`/api/receipts/${receiptId}/print`, cashier)).body;
    const reason = /<p>Reason: ([^<]+)<\/p>/.exec(html)?.[1] ?? 'missing';
    const text = flat(poppler('pdftotext', (await get(`/api/receipts/${receiptId}/pdf`, cashier)).rawPayload));
    expect(text).toContain('VOID');
    expect(text).toContain(`Reason: ${reason}`);
  });

  it('the signed receipt link gives the PDF without sign-in; a tampered link is 404', async () => {
    const { receiptId, number } = await paidReceipt('Link Receipt');
    const token = signReceiptLink(t.config.linkKeys, receiptId);
    const pdf = await get(`/api/receipt-links/${token}/pdf?layout=80mm&lang=ta`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = poppler('pdftotext', pdf.rawPayload);
    expect(text).toContain(number);
    expect(text).toContain('ரசீது எண்');
    expectError(await get(`/api/receipt-links/${token.slice(0, -2)}xx/pdf`), 404, ErrorCode.PAY_LINK_INVALID);
    expectError(
      await get(`/api/receipt-links/${token}/pdf?layout=A6`),
      400,
      ErrorCode.VALIDATION_FAILED,
      PDF_MSG.badLayout,
    );
  });
});

describe('yearly statement PDF', () => {
  it('lists the year’s dues, payments with receipt numbers, concessions and the balance', async () => {
    const { member, number } = await paidReceipt('Statement Member');
    const head = await insertHead(t.db, { amountPaise: 50_000, name: 'Feast Share' });
    const lowered = await insertPayment(t.db, member, head);
    const admin = await loginAs(t.app, 'admin');
    const concession = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${lowered.id}/concession`,
      headers: admin.headers,
      payload: { kind: 'lower', amount: 300, reason: 'hardship' },
    });
    expect(concession.statusCode, concession.body).toBe(200);

    const session = await loginMember(t.app, member.mobile, member.password);
    const own = await get('/api/customer/statement.pdf?fy=2026-27', session);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const text = flat(poppler('pdftotext', own.rawPayload));
    for (const expected of [
      'STATEMENT OF DUES, FINANCIAL YEAR 2026-27',
      'Statement Member',
      number,
      'Church Tax 2026',
      'Feast Share 2026',
      '₹200.00', // the concession
      'Total ₹1,23,956.78 ₹200.00 ₹1,23,456.78 ₹300.00',
      'Balance due for 2026-27: ₹300.00',
    ]) {
      expect(text).toContain(expected);
    }

    const staff = await get(`/api/members/${member.id}/statement.pdf?fy=2026-27`, cashier);
    expect(staff.statusCode).toBe(200);
    expect(flat(poppler('pdftotext', staff.rawPayload))).toContain('Balance due for 2026-27: ₹300.00');
    const earlier = flat(
      poppler('pdftotext', (await get(`/api/members/${member.id}/statement.pdf?fy=2025-26`, cashier)).rawPayload),
    );
    expect(earlier).toContain('No dues were raised in this year.');
    expect(earlier).not.toContain(number);
  });

  it("carries the member's language: Malayalam headings under the English ones; Hindi and Tamil; English alone for English", async () => {
    const { member, number } = await paidReceipt('Statement Malayalam');
    await t.db.update(members).set({ language: 'ml' }).where(eq(members.id, member.id));
    const session = await loginMember(t.app, member.mobile, member.password);
    const own = await get('/api/customer/statement.pdf?fy=2026-27', session);
    expect(own.statusCode, own.body).toBe(200);
    expect(poppler('pdffonts', own.rawPayload)).toContain('NotoSansMalayalam');
    const text = poppler('pdftotext', own.rawPayload);
    // Indic text extracts approximately (pre-base vowel signs come out in visual order); these words come back whole.
    for (const word of [
      'സാമ്പത്തിക വർഷം 2026-27',
      'അംഗം',
      'ഇടവക നമ്പർ',
      'ഇളവ്',
      'ബാക്കി',
      'രസീത് നമ്പർ',
      'ചുമത്തിയത്',
      'ഈ വർഷം നൽകിയ രസീതുകൾ',
    ]) {
      expect(text).toContain(word);
    }
    // The English statement is all there, the head name as entered, the amounts and receipt number.
    for (const expected of [
      'STATEMENT OF DUES, FINANCIAL YEAR 2026-27',
      'Member / അംഗം: Statement Malayalam',
      'Church Tax 2026',
      number,
      'Balance due for 2026-27: ₹0.00',
    ]) {
      expect(flat(text)).toContain(expected);
    }
    // Staff download the same member's statement in the member's language too.
    const staff = await get(`/api/members/${member.id}/statement.pdf?fy=2026-27`, cashier);
    expect(poppler('pdftotext', staff.rawPayload)).toContain('ഇടവക നമ്പർ');

    for (const [language, words, font] of [
      ['hi', ['बनाने की तारीख', 'पल्ली नंबर', 'रसीद संख्या', 'कुल'], 'NotoSansDevanagari'],
      ['ta', ['நிதியாண்டு 2026-27', 'பங்கு எண்', 'ரசீது எண்', 'உறுப்பினர்'], 'NotoSansTamil'],
    ] as const) {
      await t.db.update(members).set({ language }).where(eq(members.id, member.id));
      const pdf = await get(`/api/members/${member.id}/statement.pdf?fy=2026-27`, cashier);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(poppler('pdfinfo', pdf.rawPayload)).toMatch(/Pages:\s+1\b/);
      expect(poppler('pdffonts', pdf.rawPayload)).toContain(font);
      const extracted = poppler('pdftotext', pdf.rawPayload);
      for (const word of words) expect(extracted, word).toContain(word);
    }

    await t.db.update(members).set({ language: 'en' }).where(eq(members.id, member.id));
    const english = await get(`/api/members/${member.id}/statement.pdf?fy=2026-27`, cashier);
    expect(poppler('pdffonts', english.rawPayload)).not.toMatch(/NotoSans(Malayalam|Tamil)/);
    const englishText = flat(poppler('pdftotext', english.rawPayload));
    expect(englishText).toContain('Member: Statement Malayalam');
    expect(englishText).toContain('Period: 01/04/2026 to 31/03/2027');
    expect(englishText).not.toMatch(/ \/ |सदस्य/);
  });

  it("without a saved language, the parish's default language for members", async () => {
    const { member } = await paidReceipt('Statement Default');
    await t.db.update(members).set({ language: null }).where(eq(members.id, member.id));
    const admin = await loginAs(t.app, 'admin');
    const { currency: _currency, ...settings } = (
      await t.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })
    ).json<Record<string, unknown>>();
    /** Saves the parish's default language for members (the other settings as they are). */
    const setDefault = async (defaultLanguage: 'en' | 'ta') => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin.headers,
        payload: { ...settings, defaultLanguage },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await setDefault('ta');
    try {
      const pdf = await get(`/api/members/${member.id}/statement.pdf?fy=2026-27`, cashier);
      expect(poppler('pdftotext', pdf.rawPayload)).toContain('பங்கு எண்');
    } finally {
      await setDefault('en');
    }
    const english = await get(`/api/members/${member.id}/statement.pdf?fy=2026-27`, cashier);
    expect(poppler('pdftotext', english.rawPayload)).not.toContain('பங்கு எண்');
  });

  it('a bad year is a clear 400; an unknown member 404; a member cannot use the staff route', async () => {
    const { member } = await paidReceipt('Year Checks');
    const session = await loginMember(t.app, member.mobile, member.password);
    for (const fy of ['2026-28', '2026', '26-27', '2026-2027', '']) {
      expectError(
        await get(`/api/customer/statement.pdf?fy=${fy}`, session),
        400,
        ErrorCode.VALIDATION_FAILED,
        PDF_MSG.badFinancialYear,
      );
    }
    expectError(
      await get('/api/customer/statement.pdf', session),
      400,
      ErrorCode.VALIDATION_FAILED,
      PDF_MSG.badFinancialYear,
    );
    expectError(
      await get('/api/members/00000000-0000-4000-8000-000000000000/statement.pdf?fy=2026-27', cashier),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect((await get(`/api/members/${member.id}/statement.pdf?fy=2026-27`, session)).statusCode).toBe(403);
  });
});
