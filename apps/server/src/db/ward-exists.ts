import { WARD_MSG, type WardFilter } from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

import { badRequest } from '../lib/app-error.ts';
import { queryRows, type DbOrTx } from './client.ts';

/**
 * Checks that a `wardId` names a ward of the parish (the row-level security of decision 0121 hides
 * every other parish's wards): the member form (null is "no ward"), the dashboard's and the ward
 * report's filters, walk-through rounds and the Cloud API send to all (decisions 0126, 0136). Here,
 * below the modules, because reminders rank below members (`apps/server/module-order.json`).
 * @param id a ward id; null or undefined checks nothing, and so does `none` (the members without a ward)
 * @throws AppError 400 (field `wardId`) `WARD_MSG.notFound` when it does not
 */
export async function assertWardExists(db: DbOrTx, id: string | null | undefined): Promise<void> {
  if (id == null || id === 'none') return;
  const [row] = await queryRows<{ id: string }>(db, sql`select id from wards where id = ${id}::uuid`);
  if (!row) throw badRequest(WARD_MSG.notFound, 'wardId');
}

/**
 * The SQL condition that a member is in the ward of a ward filter (issue 28 item 7, decision
 * 0136): `column` equal to the ward id, null for `none`, and always true without a filter.
 * @param column the members row's `ward_id` (`sql\`m.ward_id\``)
 * @param ward a ward id (checked with {@link assertWardExists} first), `none`, or undefined
 */
export function inWardSql(column: SQL, ward: WardFilter): SQL {
  if (ward === undefined) return sql`true`;
  return ward === 'none' ? sql`${column} IS NULL` : sql`${column} = ${ward}::uuid`;
}
