import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  PAN_FORMAT_MESSAGE,
  PAN_HOLDER_MESSAGE,
  REGISTRATION_80G_DATES_MESSAGE,
  REGISTRATION_80G_INCOMPLETE_MESSAGE,
  URN_FORMAT_MESSAGE,
  URN_PAN_MESSAGE,
  type CollectDuesResult,
  type PaymentHead,
} from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { NO_REGISTRATION_80G_MESSAGE } from '../../../src/modules/donations/form-10bd.ts';
import { CASH_ABOVE_LIMIT_80G_STATEMENT, ELIGIBLE_80G_STATEMENT } from '../../../src/modules/receipts/donation-80g.ts';
import { insertHead, insertPayment } from '../../factories.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginStaff,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';

/**
 * Donations under section 80G (issue 30 item 8, decision 0148): a head marked as a donation, the
 * trust's 80G registration on Settings, the donor's PAN (checked, masked for cashiers), the 80G
 * lines on receipts of donation heads within the registration's validity, and the Form 10BD rows
 * and 10BE details of a financial year, to the paisa; role checks; no PAN on public routes.
 */

const REGISTRATION = {
  trustName: 'St. Test Parish Church Trust',
  trustPan: 'AAATS1234F',
  registrationNumber: 'AAATS1234FF20214',
  validFrom: '2021-09-24',
  validTo: '2027-03-31',
};
const NONE = { trustName: '', trustPan: '', registrationNumber: '', validFrom: '', validTo: '' };

let t: TestApp;
let admin: Session;
let cashier: Session;
let member: Session & { account: TestMember };
let donationHead: PaymentHead;
let otherHeadId = '';

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-20T06:00:00Z') });
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  member = (await loginAs(t.app, 'member')) as Session & { account: TestMember };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payment-heads',
    headers: admin.headers,
    payload: { name: 'Church Building Fund', amount: 100, type: 'miscellaneous', year: 2026 },
  });
  expect(created.statusCode, created.body).toBe(201);
  donationHead = created.json<PaymentHead>();
  otherHeadId = (await insertHead(t.db, { name: 'Church Tax' })).id;
});
afterAll(async () => {
  await t.close();
});

function registration(session: Session, payload: Record<string, string>) {
  return t.app.inject({ method: 'PUT', url: '/api/admin/registration-80g', headers: session.headers, payload });
}

function setPan(session: Session, memberId: string, pan: string | null) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/members/${memberId}/pan`,
    headers: session.headers,
    payload: { pan },
  });
}

/** A new donation head (a member has one due per head: each gift needs its own). */
async function newDonationHead(): Promise<string> {
  const head = await insertHead(t.db, { name: `Donation ${Math.random().toString(36).slice(2, 8)}` });
  await t.db.execute(sql`update payment_heads set is_donation = true where id = ${head.id}`);
  return head.id;
}

/**
 * Collects, at the counter, from `donor` by `method`: a new due of `amountPaise` under a new
 * donation head, and one under each other head given. The receipt.
 */
async function give(
  donor: { id: string },
  amountPaise: number,
  method: 'cash' | 'upi' | 'cheque' = 'cash',
  extra: { headId: string; amountPaise: number }[] = [],
): Promise<CollectDuesResult> {
  const lines = [{ headId: await newDonationHead(), amountPaise }, ...extra];
  const items = [];
  for (const line of lines) {
    const payment = await insertPayment(
      t.db,
      donor,
      { id: line.headId, amountPaise: line.amountPaise },
      line.amountPaise,
    );
    items.push({ paymentId: payment.id, amount: line.amountPaise / 100 });
  }
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: cashier.headers,
    payload: {
      memberId: donor.id,
      items,
      paymentMethod: method,
      ...(method === 'upi' && { utr: String(100_000_000_000 + Math.floor(Math.random() * 800_000_000_000)) }),
      ...(method === 'cheque' && { cheque: { bank: 'SBI', number: '123456', date: '2026-11-19' } }),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CollectDuesResult>();
}

function printed(receiptId: string, session: Session = cashier) {
  return t.app.inject({ method: 'GET', url: `/api/receipts/${receiptId}/print`, headers: session.headers });
}

function form10bd(session: Session, fy = '2026-27') {
  return t.app.inject({ method: 'GET', url: `/api/accounts/form-10bd.csv?fy=${fy}`, headers: session.headers });
}

/** The 10BD CSV's rows as objects by header (the BOM stripped). */
function csvRows(body: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(body.replace(/^\ufeff/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  return parsed.data;
}

describe('a donation head', () => {
  it('an admin marks a head as a donation; the change is audited and an edit without the flag keeps it', async () => {
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/payment-heads/${donationHead._id}`, headers: admin.headers, payload });
    const base = { name: 'Church Building Fund', type: 'miscellaneous', year: 2026 };
    const marked = await put({ ...base, isDonation: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<PaymentHead>().isDonation).toBe(true);
    const kept = await put({ ...base, description: 'For the new church' });
    expect(kept.json<PaymentHead>().isDonation).toBe(true);
    const [audit] = await queryRows<{ before: PaymentHead; after: PaymentHead }>(
      t.db,
      sql`select before, after from audit_events where action = 'payment_head.updated' and entity_id = ${donationHead._id}
           order by occurred_at, id limit 1`,
    );
    expect(audit?.before.isDonation).toBeUndefined();
    expect(audit?.after.isDonation).toBe(true);
    const cashierTry = await t.app.inject({
      method: 'PUT',
      url: `/api/payment-heads/${donationHead._id}`,
      headers: cashier.headers,
      payload: { ...base, isDonation: false },
    });
    expectError(cashierTry, 403, ErrorCode.FORBIDDEN);
  });
});

describe("the trust's 80G registration", () => {
  it('answers every field empty until set', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/registration-80g', headers: admin.headers });
    expect(response.json()).toEqual(NONE);
  });

  it.each([
    [{ ...REGISTRATION, validTo: '' }, REGISTRATION_80G_INCOMPLETE_MESSAGE],
    [{ ...REGISTRATION, trustPan: 'AAAT1234F' }, PAN_FORMAT_MESSAGE],
    [{ ...REGISTRATION, trustPan: 'AAAXS1234F', registrationNumber: 'AAAXS1234FF20214' }, PAN_HOLDER_MESSAGE],
    [{ ...REGISTRATION, registrationNumber: 'AAATS1234F' }, URN_FORMAT_MESSAGE],
    [{ ...REGISTRATION, registrationNumber: 'AAATB9999ZF20214' }, URN_PAN_MESSAGE],
    [{ ...REGISTRATION, validFrom: '2027-04-01' }, REGISTRATION_80G_DATES_MESSAGE],
  ])('refuses %o with a clear message and changes nothing', async (payload, message) => {
    const response = await registration(admin, payload);
    const body = expectError(response, 400, ErrorCode.VALIDATION_FAILED);
    expect(JSON.stringify(body)).toContain(message);
    const stored = await t.app.inject({ method: 'GET', url: '/api/admin/registration-80g', headers: admin.headers });
    expect(stored.json()).toEqual(NONE);
  });

  it('an admin saves it (PAN and URN upper-cased), audited; a cashier may neither read nor save it', async () => {
    const saved = await registration(admin, {
      ...REGISTRATION,
      trustPan: 'aaats 1234f',
      registrationNumber: 'aaats1234ff20214',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(REGISTRATION);
    const [audit] = await queryRows<{ before: unknown; after: unknown }>(
      t.db,
      sql`select before, after from audit_events where action = 'settings.registration_80g_updated'`,
    );
    expect(audit).toEqual({ before: NONE, after: REGISTRATION });
    expectError(await registration(cashier, REGISTRATION), 403, ErrorCode.FORBIDDEN);
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/registration-80g', headers: cashier.headers });
    expectError(read, 403, ErrorCode.FORBIDDEN);
  });
});

describe("the donor's PAN", () => {
  it.each([
    ['ABCPE123F', PAN_FORMAT_MESSAGE],
    ['1BCPE1234F', PAN_FORMAT_MESSAGE],
    ['ABCPE12345', PAN_FORMAT_MESSAGE],
    ['ABCXE1234F', PAN_HOLDER_MESSAGE],
  ])('refuses %s with "%s" and stores nothing', async (pan, message) => {
    const donor = await createMember(t.app);
    expectError(await setPan(admin, donor.id, pan), 400, ErrorCode.VALIDATION_FAILED, message);
    const [row] = await queryRows<{ pan: string | null }>(t.db, sql`select pan from members where id = ${donor.id}`);
    expect(row?.pan).toBeNull();
  });

  it('is stored upper case; an admin sees it in full, a cashier masked; the audit holds it masked', async () => {
    const donor = await createMember(t.app);
    const saved = await setPan(admin, donor.id, 'abcpe 1234f');
    expect(saved.json()).toEqual({ pan: 'ABCPE1234F', masked: false });
    const read = (session: Session) =>
      t.app.inject({ method: 'GET', url: `/api/members/${donor.id}/pan`, headers: session.headers });
    expect((await read(admin)).json()).toEqual({ pan: 'ABCPE1234F', masked: false });
    expect((await read(cashier)).json()).toEqual({ pan: 'ABCPE****F', masked: true });
    expectError(await read(member), 403, ErrorCode.FORBIDDEN);
    expectError(await setPan(cashier, donor.id, 'ABCPE1234F'), 403, ErrorCode.FORBIDDEN);
    const audits = await queryRows<{ after: unknown }>(
      t.db,
      sql`select after from audit_events where action = 'member.pan_updated' and entity_id = ${donor.id}`,
    );
    expect(audits).toEqual([{ after: { pan: 'ABCPE****F' } }]);
    const cleared = await setPan(admin, donor.id, '');
    expect(cleared.json()).toEqual({ pan: null, masked: false });
    expectError(await setPan(admin, '00000000-0000-4000-8000-000000000000', 'ABCPE1234F'), 404, ErrorCode.NOT_FOUND);
  });
});

describe('80G lines on receipts', () => {
  it('a donation receipt carries them, with the donor PAN masked; a receipt of another head does not', async () => {
    const donor = await createMember(t.app, { name: 'Mary Joseph' });
    await setPan(admin, donor.id, 'BCDPF2345G');
    const receipt = await give(donor, 150_050);
    const html = (await printed(receipt.receiptId)).body;
    expect(html).toContain(ELIGIBLE_80G_STATEMENT);
    expect(html).toContain(REGISTRATION.trustName);
    expect(html).toContain(REGISTRATION.trustPan);
    expect(html).toContain(`${REGISTRATION.registrationNumber}, valid 24/09/2021 to 31/03/2027`);
    expect(html).toContain('BCDPF****G');
    expect(html).not.toContain('BCDPF2345G');
    const other = await insertPayment(t.db, donor, { id: otherHeadId, amountPaise: 150_000 });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: cashier.headers,
      payload: { memberId: donor.id, items: [{ paymentId: other.id, amount: 1500 }], paymentMethod: 'cash' },
    });
    const plainHtml = (await printed(plain.json<CollectDuesResult>().receiptId)).body;
    expect(plainHtml).not.toContain('Section 80G');
    expect(plainHtml).not.toContain(REGISTRATION.registrationNumber);
  });

  it('only while the registration is valid on the receipt date; cash above ₹2,000 says it is not eligible', async () => {
    const donor = await createMember(t.app);
    const receipt = await give(donor, 250_000);
    expect((await printed(receipt.receiptId)).body).toContain(CASH_ABOVE_LIMIT_80G_STATEMENT);
    await registration(admin, { ...REGISTRATION, validTo: '2026-11-19' });
    expect((await printed(receipt.receiptId)).body).not.toContain('Section 80G');
    await registration(admin, { ...REGISTRATION, validFrom: '2026-11-21' });
    expect((await printed(receipt.receiptId)).body).not.toContain('Section 80G');
    await registration(admin, REGISTRATION);
    const upi = await give(donor, 250_000, 'upi');
    const upiHtml = (await printed(upi.receiptId)).body;
    expect(upiHtml).toContain(ELIGIBLE_80G_STATEMENT);
    expect(upiHtml).not.toContain('PAN of the donor');
  });

  it('the receipt PDF carries the block too (it is longer than the same receipt without it)', async () => {
    const donor = await createMember(t.app);
    const receipt = await give(donor, 10_000);
    const pdf = (session: Session) =>
      t.app.inject({ method: 'GET', url: `/api/receipts/${receipt.receiptId}/pdf`, headers: session.headers });
    const withBlock = await pdf(cashier);
    expect(withBlock.statusCode, withBlock.body).toBe(200);
    await registration(admin, NONE);
    const without = await pdf(cashier);
    await registration(admin, REGISTRATION);
    expect(withBlock.rawPayload.length).toBeGreaterThan(without.rawPayload.length);
  });
});

describe('Form 10BD and 10BE', () => {
  it('aggregates per donor, type and mode to the paisa, flags cash above ₹2,000, leaves out voided and test money and other years', async () => {
    await t.db.execute(sql`update receipts set voided_at = now(), void_reason = 'other', void_note = 'earlier tests'
                            where voided_at is null`);
    const anna = await createMember(t.app, { name: 'Anna Varghese' });
    await t.db.execute(sql`update members set address = 'Kuttikkanam, Kottayam, Kerala 686001' where id = ${anna.id}`);
    await setPan(admin, anna.id, 'CDEPG3456H');
    const ben = await createMember(t.app, { name: 'Ben Thomas' });
    await give(anna, 150_050); // cash ₹1,500.50
    await give(anna, 49_950, 'cash', [{ headId: otherHeadId, amountPaise: 150_000 }]); // ₹499.50 of donation only
    await give(anna, 300_025, 'upi'); // ₹3,000.25
    await give(anna, 10_000, 'cheque'); // ₹100.00
    await give(anna, 200_001); // cash ₹2,000.01: not eligible
    await give(ben, 12_345); // cash ₹123.45, no PAN
    const voided = await give(ben, 99_900);
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/receipts/${voided.receiptId}/reverse`,
      headers: cashier.headers,
      payload: { reason: 'duplicate' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const test = await give(ben, 77_700);
    await t.db.execute(sql`update payments set is_test = true where receipt_id = ${test.receiptId}`);
    t.clock.set('2026-03-30T06:00:00Z');
    await give(ben, 55_500); // financial year 2025-26
    t.clock.set('2026-11-20T06:00:00Z');

    const password = 'Accountant-Password-1';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.headers,
      payload: { username: 'books', name: 'Parish Accountant', role: 'accountant', password },
    });
    expect(created.statusCode, created.body).toBe(201);
    const accountant = await loginStaff(t.app, 'books', password);
    const byAccountant = await form10bd(accountant);
    expect(byAccountant.statusCode, byAccountant.body).toBe(200);
    expectError(await form10bd(cashier), 403, ErrorCode.FORBIDDEN);
    expectError(await form10bd(member), 403, ErrorCode.FORBIDDEN);
    expectError(await form10bd(admin, '2026-28'), 400, ErrorCode.VALIDATION_FAILED);
    const response = await form10bd(admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="form_10bd_2026-27.csv"');
    const rows = csvRows(response.body).map((row) => ({
      id: `${row['ID Code']} ${row['Unique Identification Number']}`.trim(),
      name: row['Name of donor'],
      mode: row['Mode of receipt'],
      type: row['Donation Type'],
      amount: row['Amount of donation (Indian rupees)'],
      eligible: row['Eligible for 80G'],
      urn: row['Unique Registration Number (URN)'],
      section: row['Section Code'],
    }));
    const common = { type: 'Others', urn: REGISTRATION.registrationNumber, section: 'Section 80G' };
    expect(rows).toEqual([
      { ...common, id: 'PAN CDEPG3456H', name: 'Anna Varghese', mode: 'Cash', amount: '2000.00', eligible: 'Yes' },
      {
        ...common,
        id: 'PAN CDEPG3456H',
        name: 'Anna Varghese',
        mode: 'Electronic modes including account payee cheque/draft',
        amount: '3100.25',
        eligible: 'Yes',
      },
      { ...common, id: 'PAN CDEPG3456H', name: 'Anna Varghese', mode: 'Cash', amount: '2000.01', eligible: 'No' },
      { ...common, id: '', name: 'Ben Thomas', mode: 'Cash', amount: '123.45', eligible: 'Yes' },
    ]);
    const raw = csvRows(response.body);
    expect(raw[0]?.['Address of donor']).toBe('Kuttikkanam, Kottayam, Kerala 686001');
    expect(raw[2]?.Remarks).toContain('80G(5D)');
    expect(raw[3]?.Remarks).toContain('No PAN');
    const earlier = csvRows((await form10bd(admin, '2025-26')).body);
    expect(earlier.map((row) => row['Amount of donation (Indian rupees)'])).toEqual(['555.00']);

    const be = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/form-10be/${anna.id}?fy=2026-27`,
      headers: admin.headers,
    });
    expect(be.statusCode, be.body).toBe(200);
    expect(be.headers['content-security-policy']).toContain("default-src 'none'");
    for (const text of [
      REGISTRATION.trustName,
      REGISTRATION.registrationNumber,
      'CDEPG3456H',
      'Anna Varghese',
      '2026-27',
    ]) {
      expect(be.body).toContain(text);
    }
    expect(be.body).toContain('Amount eligible for deduction under section 80G: ₹5,100.25');
    expect(be.body).toContain('₹2,000.01');
    const beCashier = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/form-10be/${anna.id}?fy=2026-27`,
      headers: cashier.headers,
    });
    expectError(beCashier, 403, ErrorCode.FORBIDDEN);
  });

  it('without a registration answers 409 and says what to do', async () => {
    await registration(admin, NONE);
    expectError(await form10bd(admin), 409, ErrorCode.CONFLICT, NO_REGISTRATION_80G_MESSAGE);
    await registration(admin, REGISTRATION);
  });
});

describe('no PAN on public or member routes', () => {
  it('the receipt check page, the member list and the member portal carry neither the PAN nor its mask', async () => {
    await setPan(admin, member.account.id, 'DEFPH4567J');
    const receipt = await give(member.account, 20_000);
    const html = (await printed(receipt.receiptId, admin)).body;
    const token = /\/r\/([A-Za-z0-9_-]+)</.exec(html)?.[1] ?? '';
    const check = await t.app.inject({ method: 'GET', url: `/api/receipt-check/${token}` });
    expect(check.statusCode, check.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/members?limit=100', headers: admin.headers });
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/members/${member.account.id}`,
      headers: cashier.headers,
    });
    const portal = await t.app.inject({ method: 'GET', url: '/api/customer/payments', headers: member.headers });
    for (const body of [check.body, list.body, one.body, portal.body]) {
      expect(body).not.toContain('DEFPH4567J');
      expect(body).not.toContain('DEFPH****J');
    }
  });
});
