import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CollectDuesResult, DaySheet, ParishSettings, ParishTimeZone } from '@parish/shared';

import { systemContext } from '../../../src/context.ts';
import { queryRows } from '../../../src/db/client.ts';
import { runAsOwner, runInParish } from '../../../src/db/parish-scope.ts';
import { registerParishHost } from '../../../src/modules/parishes/parish-hosts.ts';
import { syncParishTimezone } from '../../../src/modules/reports/parish-calendar.ts';
import { insertHead, insertPayment } from '../../factories.ts';
import {
  addParish,
  createMember,
  createTestApp,
  expectError,
  inParish,
  loginAs,
  loginStaff,
  TEST_ADMIN_PASSWORD,
  TEST_ADMIN_USERNAME,
  type Session,
  type TestApp,
} from '../../helpers.ts';

/**
 * A parish's time zone and member languages on its Settings page (issue 28 item 4, decision 0135):
 * the zone is the parish's own (another parish keeps its zone), re-derives the day summaries and is
 * audited; a zone the server does not know changes nothing; start-up's PARISH_TIMEZONE keeps a
 * zone an admin chose; the languages offered to members and their default are validated and given
 * to the public sign-in page.
 */

const A = 'a.diocese.example';
const B = 'b.diocese.example';
/** 19:00 UTC: 23:00 on 22/11 in Asia/Dubai, 00:30 on 23/11 in Asia/Kolkata. */
const LATE_EVENING = '2026-11-22T19:00:00.000Z';

let t: TestApp;
let admin: Session;
let adminB: Session;
let cashier: Session;
let parishB = 0;

function at(host: string, session?: Session) {
  return { ...(session?.headers ?? {}), host };
}

function timeZoneOf(host: string, session: Session) {
  return t.app.inject({ method: 'GET', url: '/api/admin/time-zone', headers: at(host, session) });
}

function putTimeZone(host: string, session: Session, timeZone: string) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/time-zone',
    headers: at(host, session),
    payload: { timeZone },
  });
}

/** Collects a new ₹100 due of a new member of the parish at `host` (parish `parishId`) at the counter. */
async function collectOne(parishId: number, host: string, session: Session): Promise<CollectDuesResult> {
  const due = await inParish(parishId, host, async () => {
    const member = await createMember(t.app);
    return insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 10_000 }));
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: at(host, session),
    payload: { memberId: due.memberId, items: [{ paymentId: due.id, amount: 100 }], paymentMethod: 'cash' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CollectDuesResult>();
}

/** The days of a parish's collection day summary rows (as the owner, the test's own check). */
async function summaryDays(parishId: number): Promise<string[]> {
  const rows = await runAsOwner(() =>
    queryRows<{ day: string }>(
      t.db,
      sql`SELECT DISTINCT day::text AS day FROM collection_day_summary WHERE parish_id = ${parishId} ORDER BY 1`,
    ),
  );
  return rows.map((row) => row.day);
}

async function todaysSheet(host: string, session: Session): Promise<DaySheet> {
  const response = await t.app.inject({ method: 'GET', url: '/api/day-sheets', headers: at(host, session) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DaySheet>();
}

async function auditRows(parishId: number) {
  return runAsOwner(() =>
    queryRows<{ before: unknown; after: unknown }>(
      t.db,
      sql`SELECT before, after FROM audit_events
           WHERE parish_id = ${parishId} AND action = 'settings.time_zone_updated' ORDER BY occurred_at`,
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp({ now: LATE_EVENING });
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  await registerParishHost(t.db, 1, A);
  parishB = await addParish(t, 'St. B', [B]);
  adminB = await inParish(parishB, B, () => loginStaff(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD));
});
afterAll(async () => {
  await t.close();
});

describe('the parish time zone', () => {
  it('starts as PARISH_TIMEZONE, not chosen, with the zones the server knows, Asia/Kolkata first', async () => {
    const response = await timeZoneOf(B, adminB);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ParishTimeZone>();
    expect(answer).toMatchObject({ timeZone: 'Asia/Kolkata', chosen: false });
    expect(answer.zones[0]).toBe('Asia/Kolkata');
    expect(answer.zones).toEqual(expect.arrayContaining(['Asia/Dubai', 'UTC', 'Europe/London']));
    expect(answer.zones.filter((zone) => zone === 'Asia/Kolkata')).toHaveLength(1);
    expect(answer.zones.some((zone) => zone.startsWith('posix/'))).toBe(false);
  });

  it('is set by an admin only', async () => {
    expectError(await putTimeZone(A, cashier, 'Asia/Dubai'), 403, 'FORBIDDEN');
  });

  it("moves a late-evening payment to the parish's own day; the other parish keeps Asia/Kolkata", async () => {
    const beforeB = await collectOne(parishB, B, adminB);
    expect(await summaryDays(parishB)).toEqual(['2026-11-23']);

    const saved = await putTimeZone(B, adminB, 'Asia/Dubai');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ParishTimeZone>()).toMatchObject({ timeZone: 'Asia/Dubai', chosen: true });
    // Re-derived in the same change: 23:00 in Dubai is still 22/11.
    expect(await summaryDays(parishB)).toEqual(['2026-11-22']);

    const afterB = await collectOne(parishB, B, adminB);
    const homeReceipt = await collectOne(1, A, admin);
    expect(await summaryDays(parishB)).toEqual(['2026-11-22']);
    expect(await summaryDays(1)).toEqual(['2026-11-23']);

    const sheetB = await todaysSheet(B, adminB);
    expect(sheetB.day).toBe('2026-11-22');
    expect(sheetB.receipts.map((r) => r.number).sort()).toEqual([beforeB.receiptNumber, afterB.receiptNumber].sort());
    const sheetA = await todaysSheet(A, admin);
    expect(sheetA.day).toBe('2026-11-23');
    expect(sheetA.receipts.map((r) => r.number)).toEqual([homeReceipt.receiptNumber]);
    const homeZone = (await timeZoneOf(A, admin)).json<ParishTimeZone>();
    expect(homeZone).toMatchObject({ timeZone: 'Asia/Kolkata', chosen: false });
  });

  it('is audited with the zone before and after', async () => {
    expect(await auditRows(parishB)).toEqual([
      { before: { timeZone: 'Asia/Kolkata' }, after: { timeZone: 'Asia/Dubai' } },
    ]);
    expect(await auditRows(1)).toEqual([]);
  });

  it('refuses a zone the server does not know with a clear message, changing nothing', async () => {
    for (const zone of ['Mars/Olympus_Mons', 'posix/Asia/Kolkata', 'IST', '']) {
      const response = await putTimeZone(B, adminB, zone);
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      if (zone !== '')
        expect(body.error).toBe(
          `${zone} is not a time zone the server knows; choose one from the list, such as Asia/Kolkata`,
        );
    }
    expect((await timeZoneOf(B, adminB)).json<ParishTimeZone>()).toMatchObject({ timeZone: 'Asia/Dubai' });
    expect(await summaryDays(parishB)).toEqual(['2026-11-22']);
    expect(await auditRows(parishB)).toHaveLength(1);
  });

  it("is kept by start-up's PARISH_TIMEZONE once an admin chose it", async () => {
    await runInParish(parishB, () => syncParishTimezone(systemContext(t.app.deps), { timezone: 'Europe/London' }));
    expect((await timeZoneOf(B, adminB)).json<ParishTimeZone>()).toMatchObject({
      timeZone: 'Asia/Dubai',
      chosen: true,
    });
    expect(await summaryDays(parishB)).toEqual(['2026-11-22']);
  });
});

describe('the languages offered to members', () => {
  async function settingsOf(host: string): Promise<ParishSettings> {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { host } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ParishSettings>();
  }

  async function putSettings(host: string, session: Session, change: Record<string, unknown>) {
    const { currency: _currency, ...current } = await settingsOf(host);
    return t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: at(host, session),
      payload: { ...current, ...change },
    });
  }

  it('are all four with English the default until the parish chooses', async () => {
    expect(await settingsOf(B)).toMatchObject({ memberLanguages: ['en', 'ml', 'hi', 'ta'], defaultLanguage: 'en' });
  });

  it('are saved in the switcher order with their default, given to the public settings, audited; the other parish keeps its own', async () => {
    const saved = await putSettings(B, adminB, { memberLanguages: ['ta', 'en'], defaultLanguage: 'ta' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await settingsOf(B)).toMatchObject({ memberLanguages: ['en', 'ta'], defaultLanguage: 'ta' });
    expect(await settingsOf(A)).toMatchObject({ memberLanguages: ['en', 'ml', 'hi', 'ta'], defaultLanguage: 'en' });
    const [audit] = await runAsOwner(() =>
      queryRows<{ after: ParishSettings }>(
        t.db,
        sql`SELECT after FROM audit_events WHERE parish_id = ${parishB} AND action = 'settings.updated'
             ORDER BY occurred_at DESC LIMIT 1`,
      ),
    );
    expect(audit?.after).toMatchObject({ memberLanguages: ['en', 'ta'], defaultLanguage: 'ta' });
  });

  it('refuses none, an unknown or repeated language, or a default the parish does not offer, changing nothing', async () => {
    const refusals: Record<string, unknown>[] = [
      { memberLanguages: [] },
      { memberLanguages: ['en', 'fr'] },
      { memberLanguages: ['en', 'en'] },
      { memberLanguages: ['en', 'ml'], defaultLanguage: 'hi' },
      // The stored default (ta) is not among the new languages.
      { memberLanguages: ['en', 'ml'] },
      // Nor is a new default among the stored languages (en, ta).
      { defaultLanguage: 'ml' },
    ];
    for (const change of refusals) {
      expectError(await putSettings(B, adminB, change), 400, 'VALIDATION_FAILED');
    }
    const notOffered = await putSettings(B, adminB, { memberLanguages: ['en', 'ml'], defaultLanguage: 'hi' });
    expect(notOffered.json<{ error: string }>().error).toMatch(/default language must be one of the languages/);
    expect(await settingsOf(B)).toMatchObject({ memberLanguages: ['en', 'ta'], defaultLanguage: 'ta' });
  });
});
