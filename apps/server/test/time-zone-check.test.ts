import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { refuseUnknownTimeZone } from '../src/db/time-zone-check.ts';
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
});
