import { sql } from 'drizzle-orm';

import { databaseErrorOf } from '../lib/db-errors.ts';
import { queryRows, type Db } from './client.ts';

/** PostgreSQL's SQLSTATE for a time zone it does not know ("time zone … not recognized"). */
const INVALID_PARAMETER_VALUE = '22023';

/**
 * Start-up refuses a parish time zone the database cannot use (`syncParishTimezone`, which
 * `buildApp` runs for the server and every script). `PARISH_TIMEZONE` is checked
 * against Node.js's time zones when the configuration loads (`config/env.ts`), but reports and the
 * full export also turn instants into parish days in SQL (`AT TIME ZONE`, `docs/domain.md`, §12
 * "D3"), with the database's own zone data: a zone only one side knows would fail those requests
 * one by one, mid-download for an export, instead of once at start-up with the reason.
 * @param zone the IANA zone (`config.parishTimezone`)
 * @throws Error naming the zone when the database does not know it; other database errors as they are
 */
export async function refuseUnknownTimeZone(db: Db, zone: string): Promise<void> {
  try {
    await queryRows(db, sql`SELECT now() AT TIME ZONE ${zone}::text AS parish_now`);
  } catch (error) {
    if (!databaseErrorOf(error, INVALID_PARAMETER_VALUE)) throw error;
    throw new Error(
      `PARISH_TIMEZONE ${zone} is not a time zone the database knows; set it to a zone such as Asia/Kolkata`,
      { cause: error },
    );
  }
}
