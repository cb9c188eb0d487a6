import { paiseToRupees } from '@parish/shared';
import { sql } from 'drizzle-orm';

import { queryRows, type Tx } from '../../../db/client.ts';
import { existingCells, type DueCells, type ExistingCell } from '../ledger/due-cells.ts';

/**
 * Writes the dues of one batch of the account-head CSV (`docs/domain.md`, "Account head CSV";
 * `importDuesMatrix`, `payments.import.ts`), inside the batch's transaction, which has taken the
 * data versions first (`docs/ARCHITECTURE.md`, "Lock order"), inserted the new members and writes
 * the batch's audit event `payment.csv_imported`:
 * 1. the payments already assigned for the cells are read first (the batch holds the payments
 *    data version, so no other assignment comes in between); the cells of `newMembers`, the members
 *    this batch's transaction created, are not looked up: a member created a statement ago has no
 *    payment yet (decision 0156: on a first import that read was 20,000 index probes per batch that
 *    could find nothing);
 * 2. every cell becomes a pending payment with `ON CONFLICT (parish_id, member_id, payment_head_id) DO
 *    NOTHING` (one `unnest` statement): a rerun creates no duplicates, a paid payment never changes;
 * 3. with `updatePendingAmounts`, a pending payment already assigned whose amount differs from its
 *    cell takes the cell's amount (one statement); paid, waived, conceded or in-checkout ones never
 *    change.
 * @param newMembers ids of the members this batch's transaction inserted (default none)
 * @returns the payments inserted (member and head ids), the counts of the payments already
 *   assigned (changed, unchanged, pending amounts that differ) and the amounts changed (rupees)
 */
export async function importDues(
  tx: Tx,
  cells: DueCells,
  updatePendingAmounts: boolean,
  newMembers: ReadonlySet<string> = new Set(),
) {
  const existing = await existingCells(tx, newMembers.size === 0 ? cells : cellsOfOldMembers(cells, newMembers));
  const inserted =
    cells.memberIds.length === 0
      ? []
      : await queryRows<{ member_id: string; payment_head_id: string }>(
          tx,
          sql`insert into payments (member_id, payment_head_id, amount_paise, year, due_date)
              select * from unnest(${sql.param(cells.memberIds)}::uuid[], ${sql.param(cells.headIds)}::uuid[],
                                   ${sql.param(cells.amounts)}::bigint[], ${sql.param(cells.years)}::int[],
                                   ${sql.param(cells.dueDates)}::date[])
              on conflict (parish_id, member_id, payment_head_id) do nothing
              returning member_id::text as member_id, payment_head_id::text as payment_head_id`,
        );
  return { inserted, ...(await reconcileAmounts(tx, existing, updatePendingAmounts)) };
}

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

/** The cells of `cells` whose member is not one of `newMembers` (member ids), in the same order. */
function cellsOfOldMembers(cells: DueCells, newMembers: ReadonlySet<string>): DueCells {
  const kept: DueCells = { memberIds: [], headIds: [], amounts: [], years: [], dueDates: [] };
  cells.memberIds.forEach((memberId, i) => {
    if (newMembers.has(memberId)) return;
    kept.memberIds.push(memberId);
    kept.headIds.push(cells.headIds[i] as string);
    kept.amounts.push(cells.amounts[i] as DueCells['amounts'][number]);
    kept.years.push(cells.years[i] as number);
    kept.dueDates.push(cells.dueDates[i] ?? null);
  });
  return kept;
}
