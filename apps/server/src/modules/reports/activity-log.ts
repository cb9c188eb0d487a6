import {
  activitySentence,
  formatDisplayDateTime,
  type ActivitiesExportQuery,
  type Activity,
  type activitiesQuerySchema,
} from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { parishCalendar } from './parish-calendar.ts';
import { tableDownload, type Download } from '../../lib/table-download.ts';
import { likePattern, num } from './report-sql.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * The Activity Log (`GET /api/admin/activities`, its download; `docs/domain.md`, §2 "Activity
 * Log"): the audit trail newest first, filtered in SQL, with the acting staff account's role and
 * the member, account head or staff account each entry is about resolved by joins in the same
 * query (never one query per row).
 */

type Row = Record<string, unknown>;

/** The filters both the list and the download take. */
export type ActivityFilters = Pick<
  z.output<typeof activitiesQuerySchema>,
  'actor' | 'action' | 'memberId' | 'from' | 'to' | 'search'
>;

/** Actor filter values that name a kind of actor rather than a staff account. */
const ACTOR_TYPES = ['member', 'system', 'gateway', 'staff'];

/** `entity_id` as a uuid when it is one (other entities use `'1'` or a transaction's own id). */
const ENTITY_UUID = sql`CASE WHEN a.entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN a.entity_id::uuid END`;

/** A uuid from a JSON state's field, when it holds one. */
function jsonUuid(state: 'before' | 'after', key: string): SQL {
  const field = sql.raw(`a.${state}->>'${key}'`);
  return sql`CASE WHEN ${field} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (${field})::uuid END`;
}

/**
 * The entries with their names: the actor's staff account (role), the payment or transaction an
 * entry is about, and through them (or the entity id, or the states' `memberId` /
 * `paymentHeadId` / `paymentHead._id`) the member and the account head.
 */
const ACTIVITY_FROM = sql`
  FROM audit_events a
  LEFT JOIN staff_users actor ON a.actor_type = 'staff'
        AND actor.id = (CASE WHEN a.actor_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN a.actor_id::uuid END)
  LEFT JOIN payments p ON a.entity_type = 'payment' AND p.id = ${ENTITY_UUID}
  LEFT JOIN transactions tx ON a.entity_type = 'transaction' AND tx.transaction_id = a.entity_id
  LEFT JOIN members m ON m.id = coalesce(
        p.member_id, tx.member_id,
        CASE WHEN a.entity_type = 'member' THEN ${ENTITY_UUID} END,
        ${jsonUuid('after', 'memberId')}, ${jsonUuid('before', 'memberId')})
  LEFT JOIN payment_heads h ON h.id = coalesce(
        p.payment_head_id,
        CASE WHEN a.entity_type = 'payment_head' THEN ${ENTITY_UUID} END,
        ${jsonUuid('after', 'paymentHeadId')},
        CASE WHEN (a.after->'paymentHead'->>'_id') ~* '^[0-9a-f-]{36}$' THEN (a.after->'paymentHead'->>'_id')::uuid END)
  LEFT JOIN staff_users su ON a.entity_type = 'staff_user' AND su.id = ${ENTITY_UUID}`;

const ACTIVITY_COLUMNS = sql`a.id, a.occurred_at, a.actor_type, a.actor_id, a.actor_name, a.action, a.entity_type,
       a.entity_id, a.before, a.after, actor.role AS actor_role,
       m.id AS member_id, m.name AS member_name, m.parish_number,
       h.id AS head_id, h.name AS head_name, h.year AS head_year, su.id AS staff_id, su.name AS staff_name`;

/** The SQL condition of the filters; days are parish days in `timezone`. */
function activityWhere(filters: ActivityFilters, timezone: string): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filters.actor) {
    parts.push(
      ACTOR_TYPES.includes(filters.actor) ? sql`a.actor_type = ${filters.actor}` : sql`a.actor_id = ${filters.actor}`,
    );
  }
  if (filters.action) parts.push(sql`a.action = ${filters.action}`);
  if (filters.memberId) parts.push(sql`m.id = ${filters.memberId}::uuid`);
  if (filters.from) parts.push(sql`a.occurred_at >= (${filters.from}::date::timestamp AT TIME ZONE ${timezone})`);
  if (filters.to) {
    parts.push(sql`a.occurred_at < ((${filters.to}::date + 1)::timestamp AT TIME ZONE ${timezone})`);
  }
  if (filters.search) {
    const like = likePattern(filters.search);
    parts.push(sql`(a.actor_name ILIKE ${like} OR m.name ILIKE ${like} OR m.parish_number ILIKE ${like}
      OR h.name ILIKE ${like} OR su.name ILIKE ${like} OR a.entity_id ILIKE ${like} OR a.action ILIKE ${like}
      OR a.after->>'receiptNumber' ILIKE ${like} OR a.before->>'receiptNumber' ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

function toActivity(row: Row): Activity {
  return {
    _id: num(row.id),
    occurredAt: new Date(row.occurred_at as string).toISOString(),
    actorType: row.actor_type as Activity['actorType'],
    actorId: (row.actor_id as string | null) ?? null,
    actorName: (row.actor_name as string | null) ?? null,
    action: String(row.action),
    entityType: String(row.entity_type),
    entityId: (row.entity_id as string | null) ?? null,
    before: row.before ?? null,
    after: row.after ?? null,
    actorRole: (row.actor_role as string | null) ?? null,
    subject: {
      member: row.member_id
        ? { _id: String(row.member_id), name: String(row.member_name), parishNumber: String(row.parish_number) }
        : null,
      head: row.head_id ? { _id: String(row.head_id), name: String(row.head_name), year: num(row.head_year) } : null,
      staff: row.staff_id ? { _id: String(row.staff_id), name: String(row.staff_name) } : null,
    },
  };
}

async function activityPage(
  db: Db,
  filters: ActivityFilters,
  timezone: string,
  limit: number,
  before: number | undefined,
): Promise<Activity[]> {
  const keyset = before ? sql`AND a.id < ${before}` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${ACTIVITY_COLUMNS} ${ACTIVITY_FROM}
         WHERE ${activityWhere(filters, timezone)} ${keyset}
         ORDER BY a.id DESC LIMIT ${limit}`,
  );
  return rows.map(toActivity);
}

/**
 * One page of the Activity Log, newest first: `limit` entries (default 50) older than the entry
 * `before`, filtered by `query` (days in `PARISH_TIMEZONE`), each with its actor's role and the
 * member / head / staff account it is about.
 * @returns the entries and `nextBefore`, the `before` of the next page (null at the end)
 */
export async function listActivities(
  ctx: ServiceContext,
  query: z.output<typeof activitiesQuerySchema>,
): Promise<{ items: Activity[]; nextBefore: number | null }> {
  const rows = await activityPage(ctx.db, query, await parishTimeZone(ctx), query.limit + 1, query.before);
  const items = rows.slice(0, query.limit);
  return { items, nextBefore: rows.length > query.limit ? (items.at(-1)?._id ?? null) : null };
}

/** The download's columns (`docs/domain.md`, §2 "Activity Log"). */
export const ACTIVITY_EXPORT_COLUMNS = [
  'When',
  'Who',
  'Role',
  'What happened',
  'Action',
  'Member',
  'Parish Number',
  'Account Head',
  'Receipt Number',
] as const;

/**
 * Every entry the filters select, as rows of {@link ACTIVITY_EXPORT_COLUMNS} (header first), in
 * keyset pages of 1,000: when as dd/mm/yyyy hh:mm in parish time, the English sentence, the
 * member and head named.
 */
export async function* activityExportRows(
  ctx: ServiceContext,
  filters: ActivityFilters,
): AsyncGenerator<(string | number | null)[][]> {
  const timezone = await parishTimeZone(ctx);
  yield [[...ACTIVITY_EXPORT_COLUMNS]];
  let before: number | undefined;
  for (;;) {
    const page = await activityPage(ctx.db, filters, timezone, 1000, before);
    if (page.length === 0) return;
    yield page.map((activity) => {
      const after = (activity.after ?? {}) as Record<string, unknown>;
      const receipt = typeof after.receiptNumber === 'string' ? after.receiptNumber : null;
      return [
        formatDisplayDateTime(activity.occurredAt, timezone),
        activity.actorName ?? activity.actorType,
        activity.actorRole ?? activity.actorType,
        activitySentence(activity),
        activity.action,
        activity.subject.member?.name ?? null,
        activity.subject.member?.parishNumber ?? null,
        activity.subject.head?.name ?? null,
        receipt,
      ];
    });
    if (page.length < 1000) return;
    before = page.at(-1)?._id;
  }
}

/**
 * The Activity Log as filtered, every entry, as a download (`GET /api/admin/activities/export`):
 * `activity_log_<parish day>.csv` (UTF-8 with BOM, neutralised) or `.xlsx`; "now" from `ctx.clock`.
 */
export async function activityExport(ctx: ServiceContext, query: ActivitiesExportQuery): Promise<Download> {
  const today = parishCalendar(ctx.clock.now(), await parishTimeZone(ctx)).today;
  return tableDownload(`activity_log_${today}`, query.format, activityExportRows(ctx, query));
}
