import { and, asc, eq } from 'drizzle-orm';

import {
  MSG,
  calendarDateIn,
  paiseToRupees,
  sumPaise,
  type InactiveMemberDues,
  type ReceiptSummary,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { members, paymentHeads, payments, receipts, staffUsers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { receiptLines } from '../payments/ledger/receipt-lines.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * A receipt as the reversal and correction dialogs show it before Confirm (`GET /api/receipts/{id}`,
 * staff; `docs/domain.md`, "Reversal with a reason"): number, issue instant (UTC) and parish date,
 * member with whether active (decision 0101), method, gateway, reference, collector, every line
 * (head, year, amount) and the total in rupees, and whether it is voided.
 * @throws 404 {@link MSG.notFound} unknown receipt.
 */
export async function getReceiptSummary(ctx: ServiceContext, receiptId: string): Promise<ReceiptSummary> {
  const [row] = await ctx.db
    .select({
      receipt: receipts,
      member: { id: members.id, name: members.name, parishNumber: members.parishNumber, active: members.isActive },
      collectorName: staffUsers.name,
    })
    .from(receipts)
    .innerJoin(members, eq(members.id, receipts.memberId))
    .leftJoin(staffUsers, eq(staffUsers.id, receipts.collectedBy))
    .where(eq(receipts.id, receiptId));
  if (!row) throw notFound(MSG.notFound);
  const { receipt, member } = row;
  const lines = await receiptLines(ctx.db, receipt.id);
  return {
    receiptId: receipt.id,
    receiptNumber: receipt.number,
    issuedAt: new Date(receipt.issuedAt).toISOString(),
    issuedDay: calendarDateIn(receipt.issuedAt, await parishTimeZone(ctx)),
    member: { _id: member.id, name: member.name, parishNumber: member.parishNumber, active: member.active },
    paymentMethod: receipt.paymentMethod,
    paymentGateway: receipt.paymentGateway,
    reference: receipt.transactionId,
    collectedBy:
      receipt.collectedBy && row.collectorName !== null ? { _id: receipt.collectedBy, name: row.collectorName } : null,
    lines: lines.map((line) => ({
      paymentId: line.paymentId,
      headName: line.headName,
      headYear: line.headYear,
      amount: paiseToRupees(line.amountPaise),
    })),
    total: paiseToRupees(receipt.totalPaise),
    voided: receipt.voidedAt !== null,
  };
}

/**
 * The pending dues of members marked inactive (`GET /api/office/inactive-member-dues`; decision
 * 0101): a reversal of such a member's receipt reopens its dues, which count in Total Pending and
 * Member-wise Due while the member is hidden from the lists. By member name, then head name and
 * year; amounts in rupees; `total` their sum.
 */
export async function listInactiveMemberDues(ctx: ServiceContext): Promise<InactiveMemberDues> {
  const rows = await ctx.db
    .select({
      paymentId: payments.id,
      memberId: members.id,
      memberName: members.name,
      parishNumber: members.parishNumber,
      paymentHeadId: paymentHeads.id,
      headName: paymentHeads.name,
      headYear: paymentHeads.year,
      amountPaise: payments.amountPaise,
    })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .where(and(eq(payments.status, 'pending'), eq(members.isActive, false)))
    .orderBy(asc(members.name), asc(paymentHeads.name), asc(paymentHeads.year), asc(payments.id));
  const items = rows.map(({ amountPaise, ...row }) => ({ ...row, amount: paiseToRupees(amountPaise) }));
  const totalPaise = sumPaise(rows.map((row) => row.amountPaise));
  return { items, total: paiseToRupees(totalPaise) };
}
