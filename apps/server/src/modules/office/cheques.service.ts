import {
  MSG,
  calendarDateIn,
  paiseOfSum,
  paiseToRupees,
  type ChequeList,
  type ReverseReceiptResult,
  type UpiSettings,
} from '@parish/shared';
import { eq, sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { parishSettings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { bounceCheque } from '../payments/commands/bounce-cheque.ts';
import { clearCheque } from '../payments/commands/clear-cheque.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * The cheques not yet cleared (`docs/domain.md`, "Cheques"; `GET /api/cheques`): office receipts
 * standing with cheque status `received` or `deposited` (with the deposit's slip number, decision
 * 0147), oldest first, with their age in days (parish days since the receipt) and total in rupees.
 */
export async function listUnclearedCheques(ctx: ServiceContext): Promise<ChequeList> {
  const tz = await parishTimeZone(ctx);
  const today = calendarDateIn(ctx.clock.now(), tz);
  const rows = await queryRows<{
    id: string;
    number: string;
    member_id: string;
    name: string;
    parish_number: string;
    bank: string;
    cheque_number: string;
    cheque_date: string;
    issued_at: string;
    age: number;
    total_paise: string;
    collector: string | null;
    status: 'received' | 'deposited';
    slip_number: string | null;
  }>(
    ctx.db,
    sql`select r.id, r.number, m.id as member_id, m.name, m.parish_number, r.cheque_bank as bank,
               r.cheque_number, to_char(r.cheque_date, 'YYYY-MM-DD') as cheque_date, r.issued_at,
               (${today}::date - (r.issued_at at time zone ${tz})::date)::int as age, r.total_paise, s.name as collector,
               r.cheque_status as status, d.slip_number
          from receipts r join members m on m.id = r.member_id left join staff_users s on s.id = r.collected_by
          left join bank_deposit_cheques dc on dc.receipt_id = r.id left join bank_deposits d on d.id = dc.deposit_id
         where r.cheque_status in ('received', 'deposited') and r.voided_at is null
         order by r.issued_at, r.number`,
  );
  return {
    items: rows.map((row) => ({
      receiptId: row.id,
      receiptNumber: row.number,
      member: { _id: row.member_id, name: row.name, parishNumber: row.parish_number },
      bank: row.bank,
      number: row.cheque_number,
      date: row.cheque_date,
      issuedAt: new Date(row.issued_at).toISOString(),
      ageDays: row.age,
      total: paiseToRupees(paiseOfSum(row.total_paise)),
      collectedBy: row.collector,
      status: row.status,
      slipNumber: row.slip_number,
    })),
  };
}

/**
 * Marks a cheque awaiting clearance `cleared` or `bounced` (`docs/domain.md`, "Cheques"; `POST
 * /api/receipts/{id}/cheque`): the ledger's commands {@link clearCheque} (the receipt's cheque
 * status only) and {@link bounceCheque} (the receipt reversed with reason `cheque_bounced`).
 * @throws 404 unknown receipt; 409 `CHEQUE_NOT_RECEIVED` when not awaiting clearance; the
 *   reversal's refusals.
 */
export async function markCheque(
  ctx: ServiceContext,
  input: { receiptId: string; status: 'cleared' | 'bounced' },
): Promise<ReverseReceiptResult | { success: true; message: string }> {
  return input.status === 'bounced' ? bounceCheque(ctx, input) : clearCheque(ctx, input);
}

/** The parish UPI ID and the payee name for the counter's QR code (`docs/domain.md`, "UPI at the counter"). */
export async function getUpiSettings(ctx: ServiceContext): Promise<UpiSettings> {
  const [row] = await ctx.db
    .select({ vpa: parishSettings.upiVpa })
    .from(parishSettings)
    .where(eq(parishSettings.id, 1));
  const settings = await getParishSettings(ctx.db);
  return { vpa: row?.vpa ?? '', payeeName: settings.name };
}

/** Sets the parish UPI ID ('' turns the QR off); audited `settings.upi_updated`. Admin only. */
export async function setUpiSettings(ctx: ServiceContext, input: { vpa: string }): Promise<UpiSettings> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ vpa: parishSettings.upiVpa })
      .from(parishSettings)
      .where(eq(parishSettings.id, 1))
      .for('update');
    if (!row) throw notFound(MSG.notFound);
    await tx.update(parishSettings).set({ upiVpa: input.vpa }).where(eq(parishSettings.id, 1));
    await recordAudit(tx, ctx.audit, {
      action: 'settings.upi_updated',
      entityType: 'parish_settings',
      before: { vpa: row.vpa },
      after: { vpa: input.vpa },
    });
  });
  return getUpiSettings(ctx);
}
