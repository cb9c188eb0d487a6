import { sql } from 'drizzle-orm';

import { paiseOfSum, type Paise } from '@parish/shared';

import { queryRows, type Tx } from '../../../db/client.ts';

import { paymentHeld } from './checkout-hold.ts';

/**
 * The dues of a batch of the account-head CSV (`docs/domain.md`, "Account head CSV"), one entry
 * per non-zero cell, as columns for `unnest`: the member, the head, the amount in paise, the
 * head's year and due date (`YYYY-MM-DD` or null).
 */
export interface DueCells {
  memberIds: string[];
  headIds: string[];
  amounts: Paise[];
  years: number[];
  dueDates: (string | null)[];
}

/** A cell of the file whose member already has a payment of its head, with that payment as it stands. */
export interface ExistingCell {
  id: string;
  memberId: string;
  paymentHeadId: string;
  status: string;
  amountPaise: Paise;
  cellPaise: Paise;
  /** A concession was granted, or an online checkout of it is in progress: its amount is left alone. */
  locked: boolean;
}

/**
 * The payments already assigned for the cells of a batch (the first cell of a member and head
 * repeated in the file counts, as the insert keeps it), read before the batch inserts; the batch
 * holds the payments data version, so no other assignment comes in between.
 */
export async function existingCells(tx: Tx, cells: DueCells): Promise<ExistingCell[]> {
  const { memberIds: memberCol, headIds: headCol, amounts: amountCol } = cells;
  if (memberCol.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    member_id: string;
    payment_head_id: string;
    status: string;
    amount_paise: unknown;
    cell: unknown;
    locked: boolean;
  }>(
    tx,
    sql`select distinct on (p.id) p.id::text as id, p.member_id::text as member_id,
               p.payment_head_id::text as payment_head_id, p.status::text as status, p.amount_paise, c.a as cell,
               (p.concession_paise <> 0 or ${paymentHeld(sql`p.id`)}) as locked
          from unnest(${sql.param([...memberCol])}::uuid[], ${sql.param([...headCol])}::uuid[],
                      ${sql.param([...amountCol])}::bigint[]) with ordinality as c(m, h, a, n)
          join payments p on p.member_id = c.m and p.payment_head_id = c.h
         order by p.id, c.n`,
  );
  return rows.map((row) => ({
    id: row.id,
    memberId: row.member_id,
    paymentHeadId: row.payment_head_id,
    status: row.status,
    amountPaise: paiseOfSum(row.amount_paise),
    cellPaise: paiseOfSum(row.cell),
    locked: row.locked,
  }));
}
