import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertHead, insertPayment } from '../../factories.ts';
import { createMember, createTestApp, loginAs, loginMember, type Session, type TestApp } from '../../helpers.ts';

/**
 * Issue 17, item 8 (`docs/domain.md`, "Member languages" and §8 "Bilingual receipt"): a member's
 * language kept on their record and answered at sign-in; the parish's second receipt language;
 * the bilingual receipt with the amount in words in both languages and the script's own font.
 */
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

function putSettings(body: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: body });
}

const SETTINGS = { name: 'St. Mary', address: 'Kottayam', contact: '0481 123456', logoUrl: '' };

describe("PUT /api/customer/language: the member's language", () => {
  it('keeps the language on the member, and the next sign-in in any browser answers it', async () => {
    const member = await createMember(t.app);
    const first = await loginMember(t.app, member.mobile, member.password);
    expect(first.user.language).toBeUndefined();

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/language',
      headers: first.headers,
      payload: { language: 'ml' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'ml' });

    const again = await loginMember(t.app, member.mobile, member.password);
    expect(again.user.language).toBe('ml');
  });

  it('refuses a language the product does not have, and changes nothing', async () => {
    const member = await createMember(t.app);
    const session = await loginMember(t.app, member.mobile, member.password);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/language',
      headers: session.headers,
      payload: { language: 'fr' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await loginMember(t.app, member.mobile, member.password)).user.language).toBeUndefined();
  });

  it('is a member-only route', async () => {
    const asStaff = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/language',
      headers: admin.headers,
      payload: { language: 'hi' },
    });
    expect(asStaff.statusCode).toBe(403);
  });
});

describe('the bilingual receipt', () => {
  async function paidReceipt(amountPaise: number) {
    const member = await createMember(t.app, { name: 'Thomas Mathew' });
    const head = await insertHead(t.db, { name: 'Church Tax', amountPaise });
    const payment = await insertPayment(t.db, member, head);
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/collect`,
      headers: admin.headers,
      payload: { collectionMode: 'manual', collectionAmount: amountPaise / 100, paymentMethod: 'cash' },
    });
    expect(collected.statusCode).toBe(200);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${payment.id}/receipt`,
      headers: admin.headers,
    });
    expect(receipt.statusCode).toBe(200);
    return receipt;
  }

  it('is English only until the parish chooses a second language', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.json()).toMatchObject({ receiptLanguage: '' });
    const receipt = await paidReceipt(150_000);
    expect(receipt.body).toContain('One Thousand Five Hundred Rupees Only');
    expect(receipt.body).not.toContain('<section class="second-language"');
    expect(receipt.body).not.toContain('@font-face');
  });

  it('adds a Malayalam block with the amount in words in both languages and the app’s Malayalam font', async () => {
    const saved = await putSettings({ ...SETTINGS, receiptLanguage: 'ml' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ receiptLanguage: 'ml' });
    // A PUT without the field (an older client) keeps the language.
    expect((await putSettings(SETTINGS)).json()).toMatchObject({ receiptLanguage: 'ml' });

    const receipt = await paidReceipt(150_050);
    const html = receipt.body;
    expect(html).toContain('One Thousand Five Hundred Rupees And Fifty Paise Only');
    expect(html).toContain('<section class="second-language" lang="ml"');
    expect(html).toContain('അടച്ച തുക');
    expect(html).toContain('<td><bdi>ആയിരത്തി അഞ്ഞൂറ് രൂപയും അമ്പത് പൈസയും</bdi></td>');
    expect(html).toContain('₹1,500.50');
    expect(html).toContain('<bdi>Thomas Mathew</bdi>');
    expect(html).toContain('url("/api/fonts/noto-sans-malayalam-malayalam-400-normal.woff2")');
    expect(receipt.headers['content-security-policy']).toContain("font-src 'self'");

    const font = await t.app.inject({
      method: 'GET',
      url: '/api/fonts/noto-sans-malayalam-malayalam-400-normal.woff2',
    });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
  });

  it('prints Hindi and Tamil too, and refuses a language it has no receipt for', async () => {
    await putSettings({ ...SETTINGS, receiptLanguage: 'hi' });
    expect((await paidReceipt(150_000)).body).toContain('एक हज़ार पाँच सौ रुपये');
    await putSettings({ ...SETTINGS, receiptLanguage: 'ta' });
    const tamil = (await paidReceipt(150_000)).body;
    expect(tamil).toContain('lang="ta"');
    expect(tamil).toContain('<td><bdi>ஆயிரத்து ஐநூறு ரூபாய்</bdi></td>');
    const refused = await putSettings({ ...SETTINGS, receiptLanguage: 'fr' });
    expect(refused.statusCode).toBe(400);
    await putSettings({ ...SETTINGS, receiptLanguage: '' });
  });

  it('serves only the receipt fonts', async () => {
    const other = await t.app.inject({ method: 'GET', url: '/api/fonts/..%2Fpackage.json' });
    expect(other.statusCode).toBe(404);
  });
});
