import { paiseToRupees } from '@parish/shared';
import { sql } from 'drizzle-orm';

import { queryRows, type Tx } from '../../../db/client.ts';
import { existingCells, type DueCells, type ExistingCell } from '../ledger/due-cells.ts';

/** A payment an import inserted: its member and head ids. */
type InsertedDue = { member_id: string; payment_head_id: string };

/**
 * Writes the dues of one batch of the account-head CSV (`docs/domain.md`, "Account head CSV";
 * `importDuesMatrix`, `payments.import.ts`), inside the batch's transaction, which has taken the
 * data versions first (`docs/ARCHITECTURE.md`, "Lock order"), inserted the new members and writes
 * the batch's audit event `payment.csv_imported`:
 * 1. the payments already assigned for the cells of members known before are read first (the batch
 *    holds the payments data version, so no other assignment comes in between);
 * 2. the cells of `newMembers` (the members this batch's transaction created a statement ago, who
 *    have no payment and whom no other transaction can see) are inserted by a plain `unnest` insert,
 *    the first cell of a member and head repeated in the file kept (decisions 0156, 0160); the
 *    others with `ON CONFLICT (parish_id, member_id, payment_head_id) DO NOTHING RETURNING`: a rerun
 *    creates no duplicates, a paid payment never changes;
 * 3. with `updatePendingAmounts`, a pending payment already assigned whose amount differs from its
 *    cell takes the cell's amount (one statement); paid, waived, conceded or in-checkout ones never
 *    change.
 * @param newMembers ids of the members this batch's transaction inserted (default none)
 * @returns the payments inserted (member and head ids, new members' first), the counts of the
 *   payments already assigned (changed, unchanged, pending amounts that differ) and the amounts
 *   changed (rupees)
 * @throws the database's error (the batch rolls back) when a payment of a new member exists after all
 */
export async function importDues(
  tx: Tx,
  cells: DueCells,
  updatePendingAmounts: boolean,
  newMembers: ReadonlySet<string> = new Set(),
) {
  const { fresh, known } = splitCells(cells, newMembers);
  const existing = await existingCells(tx, known);
  if (fresh.memberIds.length > 0) await tx.execute(insertSql(fresh, false));
  const inserted: InsertedDue[] = fresh.memberIds.map((member_id, i) => ({
    member_id,
    payment_head_id: fresh.headIds[i] as string,
  }));
  if (known.memberIds.length > 0) inserted.push(...(await queryRows<InsertedDue>(tx, insertSql(known, true))));
  return { inserted, ...(await reconcileAmounts(tx, existing, updatePendingAmounts)) };
}

/** The `unnest` insert of `cells` as pending payments; `onConflict`: skip those assigned already, return the rest. */
function insertSql(cells: DueCells, onConflict: boolean) {
  return sql`insert into payments (member_id, payment_head_id, amount_paise, year, due_date)
             select * from unnest(${sql.param(cells.memberIds)}::uuid[], ${sql.param(cells.headIds)}::uuid[],
                                  ${sql.param(cells.amounts)}::bigint[], ${sql.param(cells.years)}::int[],
                                  ${sql.param(cells.dueDates)}::date[])
             ${onConflict ? ON_CONFLICT : sql``}`;
}

const ON_CONFLICT = sql`on conflict (parish_id, member_id, payment_head_id) do nothing
                        returning member_id::text as member_id, payment_head_id::text as payment_head_id`;

/**
 * What a re-upload does to the payments already assigned (`docs/domain.md`, "Account head CSV"):
 * a pending one whose amount differs from its cell is updated when `update` is true (one
 * statement), else counted in `differ`; paid, waived, conceded or in-checkout ones never change.
 * @returns the counts, and the changes for the audit event (rupees)
 */
async function reconcileAmounts(tx: Tx, existing: readonly ExistingCell[], update: boolean) {
  const differing = existing.filter(
    (cell) => cell.status === 'pending' && !cell.locked && cell.amountPaise !== cell.cellPaise,
  );
  const changes = update ? differing : [];
  if (changes.length > 0) {
    await tx.execute(
      sql`update payments p set amount_paise = c.a, updated_at = now()
            from unnest(${sql.param(changes.map((cell) => cell.id))}::uuid[],
                        ${sql.param(changes.map((cell) => cell.cellPaise))}::bigint[]) as c(id, a)
           where p.id = c.id and p.status = 'pending'`,
    );
  }
  return {
    counts: {
      changed: changes.length,
      unchanged: existing.length - changes.length,
      differ: update ? 0 : differing.length,
    },
    amountChanges: changes.map((cell) => ({
      _id: cell.id,
      memberId: cell.memberId,
      paymentHeadId: cell.paymentHeadId,
      before: paiseToRupees(cell.amountPaise),
      after: paiseToRupees(cell.cellPaise),
    })),
  };
}

/**
 * `cells` in two, each in the file's order: `fresh`, those of `newMembers` (member ids), the first
 * of a member and head repeated kept (as `ON CONFLICT DO NOTHING` in one statement keeps it); `known`,
 * the others.
 */
function splitCells(cells: DueCells, newMembers: ReadonlySet<string>): { fresh: DueCells; known: DueCells } {
  const fresh: DueCells = { memberIds: [], headIds: [], amounts: [], years: [], dueDates: [] };
  const known: DueCells = { memberIds: [], headIds: [], amounts: [], years: [], dueDates: [] };
  const seen = new Set<string>();
  cells.memberIds.forEach((memberId, i) => {
    const headId = cells.headIds[i] as string;
    let into = known;
    if (newMembers.has(memberId)) {
      const key = `${memberId}|${headId}`;
      if (seen.has(key)) return;
      seen.add(key);
      into = fresh;
    }
    into.memberIds.push(memberId);
    into.headIds.push(headId);
    into.amounts.push(cells.amounts[i] as DueCells['amounts'][number]);
    into.years.push(cells.years[i] as number);
    into.dueDates.push(cells.dueDates[i] ?? null);
  });
  return { fresh, known };
}
