import {
  WARD_DUES_LIMIT,
  paiseOfSum,
  paiseToRupees,
  type WardDues,
  type WardFilter,
  type WardReportRow,
} from '@parish/shared';
import { sql } from 'drizzle-orm';

import { leaderWardOf, type ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { assertWardExists } from '../../db/ward-exists.ts';
import { memberDueRows, reportContext, type ReportFilters } from './report-rows.ts';
import { num, paymentRate } from './report-sql.ts';

/**
 * `GET /api/reports/wards` (admin, cashier, ward leader): the ward-wise report (issue 28 item 7, decision 0126;
 * `docs/domain.md`, "Wards"). One row per ward, by name (case-insensitive), then the row of the
 * members without a ward (`wardId: null`). `members` counts active members; the money sums the
 * member summary (`member_payment_summary`) of every member of the ward, active or not, so a
 * deactivated member's paid history still counts: `raised` = assigned, `collected` = paid,
 * `pending` = unpaid, in RUPEES (paise inside). Test money is not money (decision 0114): the
 * summary already counts a due paid by a test payment as unpaid and leaves it out of paid.
 * `collectionRate` = collected / raised × 100, one decimal, capped at 100 (`paymentRate`).
 * - `query.wardId` (decision 0136): a ward id gives that ward's row only, `none` the "no ward" row only.
 * - A ward leader (`leaderWardOf`, decision 0129) gets their own ward's row only, whatever ward is
 *   asked for: the ward asked for is replaced by theirs, as the member list does, so nothing of
 *   another ward (nor of the members without one) reaches them.
 * @returns `{ items }`, the "no ward" row last (also when no member is without a ward)
 * @throws AppError 400 (field `wardId`) for a ward not of the parish (admin, cashier)
 */
export async function wardReport(
  ctx: Pick<ServiceContext, 'actor' | 'db'>,
  query: { wardId?: WardFilter } = {},
): Promise<{ items: WardReportRow[] }> {
  const ward = leaderWardOf(ctx) ?? query.wardId;
  await assertWardExists(ctx.db, ward);
  const only = ward === undefined ? sql`true` : ward === 'none' ? sql`r.last = 1` : sql`r.ward_id = ${ward}::uuid`;
  const rows = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`with per_ward as (
          select m.ward_id,
                 count(*) filter (where m.is_active) as members,
                 coalesce(sum(s.assigned_paise), 0) as raised,
                 coalesce(sum(s.paid_paise), 0) as collected,
                 coalesce(sum(s.unpaid_paise), 0) as pending
            from members m left join member_payment_summary s on s.member_id = m.id
           group by m.ward_id)
        select * from (
          select w.id as ward_id, w.name, p.members, p.raised, p.collected, p.pending, 0 as last
            from wards w left join per_ward p on p.ward_id = w.id
          union all
          select null, null, p.members, p.raised, p.collected, p.pending, 1
            from (values (1)) one (x) left join per_ward p on p.ward_id is null) r
        where ${only}
        order by r.last, lower(r.name), r.ward_id`,
  );
  return {
    items: rows.map((row) => {
      const raised = paiseOfSum(row.raised);
      const collected = paiseOfSum(row.collected);
      return {
        wardId: row.ward_id == null ? null : String(row.ward_id),
        name: row.name == null ? null : String(row.name),
        members: num(row.members),
        raised: paiseToRupees(raised),
        collected: paiseToRupees(collected),
        pending: paiseToRupees(paiseOfSum(row.pending)),
        collectionRate: paymentRate(collected, raised),
      };
    }),
  };
}

/**
 * `GET /api/reports/wards/dues` (admin, cashier, ward leader; decision 0136): the member-due list of
 * one ward, the Member-wise Due report's rows (pending in RUPEES by due group and in total, largest
 * total first) for the members of `query.wardId` (a ward, or `none`; absent: the parish), at most
 * {@link WARD_DUES_LIMIT}. A ward leader gets their own ward's, whatever ward is asked for, as
 * {@link wardReport}.
 * @throws AppError 400 (field `wardId`) for a ward not of the parish (admin, cashier)
 */
export async function wardDues(ctx: ServiceContext, query: { wardId?: WardFilter } = {}): Promise<WardDues> {
  const ward = leaderWardOf(ctx) ?? query.wardId;
  await assertWardExists(ctx.db, ward);
  const filters: ReportFilters = {
    type: 'member-due',
    from: undefined,
    to: undefined,
    search: undefined,
    transactionId: undefined,
    sortBy: 'pending',
    sortOrder: 'desc',
    dueType: undefined,
    wardId: ward,
  };
  return { items: await memberDueRows(await reportContext(ctx), filters, WARD_DUES_LIMIT, 0) };
}
