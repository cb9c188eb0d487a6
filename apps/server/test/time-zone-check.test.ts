import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sql } from 'drizzle-orm';

import { systemContext } from '../src/context.ts';
import { queryRows } from '../src/db/client.ts';
import { refuseUnknownTimeZone } from '../src/db/time-zone-check.ts';
import { syncParishTimezone } from '../src/modules/reports/parish-calendar.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/*
 * Start-up refuses a PARISH_TIMEZONE the database does not know (`src/db/time-zone-check.ts`):
 * reports and the export make parish days in SQL with the database's own zone data.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the parish time zone at start-up', () => {
  it('passes a zone the database knows', async () => {
    await expect(refuseUnknownTimeZone(t.db, 'Asia/Kolkata')).resolves.toBeUndefined();
    await expect(refuseUnknownTimeZone(t.db, 'America/New_York')).resolves.toBeUndefined();
  });

  it('refuses one it does not, naming it, and the database answers on', async () => {
    await expect(refuseUnknownTimeZone(t.db, 'Mars/Olympus_Mons')).rejects.toThrow(
      'PARISH_TIMEZONE Mars/Olympus_Mons is not a time zone the database knows',
    );
    await expect(refuseUnknownTimeZone(t.db, 'Asia/Kolkata')).resolves.toBeUndefined();
  });

  it('is refused where the app is built (syncParishTimezone), and the stored zone stays', async () => {
    const stored = () => queryRows<{ timezone: string }>(t.db, sql`SELECT timezone FROM parish_timezone`);
    const before = await stored();
    await expect(syncParishTimezone(systemContext(t.app.deps), { timezone: 'Mars/Olympus_Mons' })).rejects.toThrow(
      'PARISH_TIMEZONE Mars/Olympus_Mons is not a time zone the database knows',
    );
    expect(await stored()).toEqual(before);
  });
});
