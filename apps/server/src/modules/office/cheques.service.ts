import {
  ErrorCode,
  MSG,
  OFFICE_MSG,
  calendarDateIn,
  paiseToRupees,
  type ChequeList,
  type ReverseReceiptResult,
  type UpiSettings,
} from '@parish/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { parishSettings, receipts } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { reverseReceipt } from './reversal.service.ts';

/**
 * The cheques not yet cleared (`docs/domain.md`, "Cheques"; `GET /api/cheques`): office receipts
 * standing with cheque status `received`, oldest first, with their age in days (parish days since
 * the receipt) and total in rupees.
 */
export async function listUnclearedCheques(ctx: ServiceContext): Promise<ChequeList> {
  const tz = ctx.config.parishTimezone;
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
  }>(
    ctx.db,
    sql`select r.id, r.number, m.id as member_id, m.name, m.parish_number, r.cheque_bank as bank,
               r.cheque_number, to_char(r.cheque_date, 'YYYY-MM-DD') as cheque_date, r.issued_at,
               (${today}::date - (r.issued_at at time zone ${tz})::date)::int as age, r.total_paise, s.name as collector
          from receipts r join members m on m.id = r.member_id left join staff_users s on s.id = r.collected_by
         where r.cheque_status = 'received' and r.voided_at is null
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
      total: paiseToRupees(Number(row.total_paise)),
      collectedBy: row.collector,
    })),
  };
}

/**
 * Marks a cheque awaiting clearance `cleared` or `bounced` (`docs/domain.md`, "Cheques"; `POST
 * /api/receipts/{id}/cheque`). Cleared: the receipt's cheque status only, audited `cheque.cleared`.
 * Bounced: the receipt is reversed with reason `cheque_bounced` on the day it is marked (an
 * admin, or the collecting cashier while their sheet of today is open) and its dues are pending again.
 * @throws 404 unknown receipt; 409 `CHEQUE_NOT_RECEIVED` when not awaiting clearance; the
 *   reversal's refusals.
 */
export async function markCheque(
  ctx: ServiceContext,
  input: { receiptId: string; status: 'cleared' | 'bounced' },
): Promise<ReverseReceiptResult | { success: true; message: string }> {
  const actor = actorOf(ctx);
  const [receipt] = await ctx.db.select().from(receipts).where(eq(receipts.id, input.receiptId));
  if (!receipt) throw notFound(MSG.notFound);
  if (receipt.chequeStatus !== 'received' || receipt.voidedAt !== null) {
    throw conflict(OFFICE_MSG.chequeNotReceived, ErrorCode.CHEQUE_NOT_RECEIVED);
  }
  if (input.status === 'bounced')
    return reverseReceipt(ctx, { receiptId: receipt.id, reason: 'cheque_bounced', note: undefined });
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(receipts)
      .set({ chequeStatus: 'cleared', chequeStatusAt: ctx.clock.now().toISOString(), chequeStatusBy: actor.id })
      .where(and(eq(receipts.id, receipt.id), eq(receipts.chequeStatus, 'received'), isNull(receipts.voidedAt)))
      .returning({ id: receipts.id });
    if (updated.length === 0) throw conflict(OFFICE_MSG.chequeNotReceived, ErrorCode.CHEQUE_NOT_RECEIVED);
    await recordAudit(tx, ctx.audit, {
      action: 'cheque.cleared',
      entityType: 'receipt',
      entityId: receipt.id,
      before: { chequeStatus: 'received' },
      after: { chequeStatus: 'cleared', receiptNumber: receipt.number, total: paiseToRupees(receipt.totalPaise) },
    });
  });
  ctx.events.publish({
    type: 'payment.updated',
    memberId: receipt.memberId,
    data: { paymentIds: [], status: 'paid', via: 'manual' },
  });
  return { success: true, message: 'Cheque marked cleared' };
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
