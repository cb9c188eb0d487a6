import { sql } from 'drizzle-orm';

import { queryRows, type Tx } from '../../../db/client.ts';
import type { paymentHeads } from '../../../db/schema/index.ts';
import { paymentHeld, releaseFinalCheckoutItems } from './checkout-hold.ts';
import type { TagPlan } from './tag-plan.ts';

/**
 * Applies a tag plan inside the save's transaction; returns the member ids added, updated and
 * revoked, and those whose pending payment was removed by an amount of 0 (`noDue`). The writes of
 * `assignPayments` (`commands/assign-dues.ts`), kept apart so the command stays one short file.
 */
export async function applyTagPlan(
  tx: Tx,
  head: typeof paymentHeads.$inferSelect,
  plan: TagPlan,
  replacePending: boolean,
): Promise<{ added: string[]; updated: string[]; revoked: string[]; noDue: string[] }> {
  const memberIds = (rows: { member_id: string }[]) => rows.map((row) => row.member_id);
  const noDue =
    plan.noDue.length === 0
      ? []
      : await queryRows<{ member_id: string }>(
          tx,
          sql`delete from payments p
              where p.payment_head_id = ${head.id} and p.status = 'pending' and p.concession_paise = 0
                and p.member_id = any(${sql.param(plan.noDue)}::uuid[])
                and not exists (select 1 from transaction_items ti where ti.payment_id = p.id)
              returning p.member_id::text as member_id`,
        );
  let revoked: string[] = [];
  if (replacePending) {
    const unkept = sql`p.payment_head_id = ${head.id} and not (p.member_id = any(${sql.param(plan.keep)}::uuid[]))`;
    await releaseFinalCheckoutItems(tx, unkept);
    const rows = await queryRows<{ member_id: string }>(
      tx,
      sql`delete from payments p
          where p.status = 'pending' and ${unkept} and not ${paymentHeld(sql`p.id`)}
          returning p.member_id::text as member_id`,
    );
    revoked = memberIds(rows);
  }
  const { inserts, updates } = plan;
  const added =
    inserts.memberIds.length === 0
      ? []
      : await queryRows<{ member_id: string }>(
          tx,
          sql`insert into payments (member_id, payment_head_id, amount_paise, year, due_date)
              select m, ${head.id}::uuid, a, ${head.year}::int, ${head.dueDate}::date
              from unnest(${sql.param(inserts.memberIds)}::uuid[], ${sql.param(inserts.amounts)}::bigint[]) as t(m, a)
              on conflict (parish_id, member_id, payment_head_id) do nothing
              returning member_id::text as member_id`,
        );
  const updated =
    updates.memberIds.length === 0
      ? []
      : await queryRows<{ member_id: string }>(
          tx,
          sql`update payments p set amount_paise = t.a, updated_at = now()
              from unnest(${sql.param(updates.memberIds)}::uuid[], ${sql.param(updates.amounts)}::bigint[]) as t(m, a)
              where p.member_id = t.m and p.payment_head_id = ${head.id} and p.status <> 'paid'
                -- A waived or conceded due keeps its amount (docs/domain.md, §4 "Concessions").
                and p.status::text <> 'waived' and p.concession_paise = 0
              returning p.member_id::text as member_id`,
        );
  return { added: memberIds(added), updated: memberIds(updated), revoked, noDue: memberIds(noDue) };
}
