import { paiseOfSum, type HeadType, type Paise } from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

import { queryRows, type DbOrTx } from '../../db/client.ts';

/**
 * Every read of the diocese that crosses parishes (issue 28 item 5, decision 0131): kept in this one
 * file, each function taking the database handle, so that under row-level security they run as the
 * owner (`runAsOwner` of `db/parish-scope.ts`, once the lead's wiring lands) and nowhere else does a
 * diocese route read several parishes. None reads a member's name, mobile, e-mail or address: only
 * counts and sums.
 */

/** A parish with its hosts and counts (no member data). */
export interface ParishRow {
  id: number;
  name: string;
  hosts: string[];
  staffCount: number;
  memberCount: number;
  createdAt: string | null;
}

/**
 * Every parish of the deployment, by name then id: the name its settings give (the parish may rename
 * itself there), else its row of `parishes`; with its registered hosts (oldest first), its
 * active staff accounts and active members counted.
 * @returns the parishes; empty never (the home parish always exists)
 */
export async function readParishes(db: DbOrTx): Promise<ParishRow[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    hosts: string[] | null;
    staffCount: number;
    memberCount: number;
    createdAt: string | null;
  }>(
    db,
    sql`SELECT p.id, coalesce((SELECT s.name FROM parish_settings s WHERE s.parish_id = p.id AND s.id = 1), p.name) AS name,
               (SELECT array_agg(h.host ORDER BY h.created_at, h.host) FROM parish_hosts h WHERE h.parish_id = p.id) AS hosts,
               (SELECT count(*)::int FROM staff_users s WHERE s.parish_id = p.id AND s.is_active) AS "staffCount",
               (SELECT count(*)::int FROM members m WHERE m.parish_id = p.id AND m.is_active) AS "memberCount",
               to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
          FROM parishes p
         ORDER BY lower(coalesce((SELECT s.name FROM parish_settings s WHERE s.parish_id = p.id AND s.id = 1), p.name)), p.id`,
  );
  return rows.map((row) => ({ ...row, hosts: row.hosts ?? [] }));
}

/** The first and last day (inclusive, `YYYY-MM-DD`) of a roll-up period: a financial year or a month. */
export function periodDays(period: string): { from: string; to: string } {
  const [yearText, monthText] = period.split('-');
  const year = Number(yearText);
  if (monthText === undefined) return { from: `${year}-04-01`, to: `${year + 1}-03-31` };
  const month = Number(monthText);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${monthText}-01`, to: `${year}-${monthText}-${String(last).padStart(2, '0')}` };
}

/** One parish × head type of a roll-up, in paise. */
export interface RollupSums {
  parishId: number;
  headType: HeadType;
  raisedPaise: Paise;
  collectedPaise: Paise;
  outstandingPaise: Paise;
}

/**
 * The sums of the dues whose day (its due date, else 1 April of its year; decision 0131) lies in
 * `[from, to]`, per parish and head type: raised (every due but waived ones, its amount), collected
 * (real money paid: status paid and not a test payment, the amount paid), outstanding (pending,
 * failed, or paid only by a test payment: its amount; decision 0114). Read from the month summary
 * `rollup_month_summary` (migration 0033, decision 0133), which the payments triggers keep to the
 * paisa: a period is whole months (a financial year or a month, {@link periodDays}), so `from` and
 * `to` select whole months of it.
 * @param parishIds the parishes to sum (a page of the roll-up); null for every parish
 * @param from first day, `YYYY-MM-DD` (the first of a month); @param to last day, inclusive
 * @returns one row per parish and head type that has dues in the period
 */
export async function readRollupSums(
  db: DbOrTx,
  input: { from: string; to: string; parishIds: number[] | null; headType?: HeadType },
): Promise<RollupSums[]> {
  const filters: SQL[] = [sql`s.month BETWEEN ${input.from}::date AND ${input.to}::date`];
  if (input.parishIds !== null) filters.push(sql`s.parish_id = ANY(${sql.param(input.parishIds)}::int[])`);
  if (input.headType !== undefined) filters.push(sql`s.head_type = ${input.headType}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT s.parish_id AS "parishId", s.head_type AS "headType",
               sum(s.raised_paise) AS raised, sum(s.collected_paise) AS collected,
               sum(s.outstanding_paise) AS outstanding
          FROM rollup_month_summary s
         WHERE ${sql.join(filters, sql` AND `)}
         GROUP BY s.parish_id, s.head_type
        HAVING sum(s.due_count) > 0
         ORDER BY s.parish_id, s.head_type`,
  );
  return rows.map((row) => ({
    parishId: Number(row.parishId),
    headType: row.headType as HeadType,
    raisedPaise: paiseOfSum(row.raised),
    collectedPaise: paiseOfSum(row.collected),
    outstandingPaise: paiseOfSum(row.outstanding),
  }));
}

/** A levy row in force for a financial year. */
export interface LevyInForce {
  parishId: number;
  kind: 'share' | 'fixed';
  headType: HeadType | null;
  basisPoints: number | null;
  fixedPaise: Paise | null;
  effectiveYear: number;
}

/**
 * The levies in force in financial year `year`: for each parish, kind and head type, the row with the
 * latest `effective_year` not after `year` (decision 0131).
 * @returns the rows, by parish, kind, head type
 */
export async function readLeviesInForce(db: DbOrTx, year: number): Promise<LevyInForce[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT DISTINCT ON (parish_id, kind, head_type)
               parish_id AS "parishId", kind, head_type AS "headType", basis_points AS "basisPoints",
               fixed_paise AS "fixedPaise", effective_year AS "effectiveYear"
          FROM diocese_levies
         WHERE effective_year <= ${year}
         ORDER BY parish_id, kind, head_type, effective_year DESC`,
  );
  return rows.map((row) => ({
    parishId: Number(row.parishId),
    kind: row.kind as 'share' | 'fixed',
    headType: (row.headType as HeadType | null) ?? null,
    basisPoints: row.basisPoints === null ? null : Number(row.basisPoints),
    fixedPaise: row.fixedPaise === null ? null : paiseOfSum(row.fixedPaise),
    effectiveYear: Number(row.effectiveYear),
  }));
}
