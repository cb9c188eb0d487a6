import {
  DEPOSIT_MSG,
  ErrorCode,
  addPaise,
  calendarDateIn,
  paise,
  paiseToRupees,
  sumPaise,
  type CreateDepositInput,
} from '@parish/shared';
import { sql } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { queryRows } from '../../../db/client.ts';
import { badRequest, conflict } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { parishTimeZone } from '../../settings/parish-time-zone.ts';
import { chequesForSlip, lockClosedDays, slipCount } from '../ledger/deposits.ts';

/**
 * Records a bank deposit (`docs/domain.md`, "Bank deposits"; `POST /api/deposits`, decision 0147):
 * in one transaction the slip (`bank_deposits`), the cash of each closed day named
 * (`bank_deposit_days`, the day sheet's net cash), each cheque named (`bank_deposit_cheques`, its
 * receipt's cheque status `received` -> `deposited`, who and when) and the audit event
 * `deposit.recorded`. The days (and the cheques' days) are locked first and must be closed; a day's
 * cash and a cheque go on one slip only (primary keys: of two racing deposits one wins).
 * @returns the new deposit's id
 * @throws 400 a deposit date after today (parish date) or before a day it holds; cash below zero;
 *   notes and coins that do not add up to the cash; nothing to deposit. 404 a cheque id that is not
 *   an office cheque receipt. 409 `DAY_NOT_CLOSED`, `ALREADY_DEPOSITED`, `DUPLICATE_SLIP`.
 */
export async function recordDeposit(ctx: ServiceContext, input: CreateDepositInput): Promise<{ depositId: string }> {
  const actor = actorOf(ctx);
  const tz = await parishTimeZone(ctx);
  if (input.depositDate > calendarDateIn(ctx.clock.now(), tz)) throw badRequest(DEPOSIT_MSG.futureDate, 'depositDate');
  if (input.days.some((d) => d.day > input.depositDate)) throw badRequest(DEPOSIT_MSG.dateBeforeDay, 'depositDate');
  const now = ctx.clock.now().toISOString();
  try {
    return await ctx.db.transaction(async (tx) => {
      const cheques = await chequesForSlip(tx, tz, input.chequeReceiptIds);
      const days = await lockClosedDays(tx, tz, [...input.days, ...cheques]);
      const cashDays = input.days.map((d) => {
        const day = days.get(`${d.cashierId}/${d.day}`);
        if (!day || day.deposited) throw conflict(DEPOSIT_MSG.alreadyDeposited, ErrorCode.ALREADY_DEPOSITED);
        return { ...d, ...day };
      });
      const cashPaise = sumPaise(cashDays.map((d) => d.cashPaise));
      if (cashPaise < 0) throw badRequest(DEPOSIT_MSG.negativeCash, 'days');
      const count = slipCount(
        input.denominations,
        cashDays.map((d) => d.count),
        cashPaise,
      );
      const chequePaise = sumPaise(cheques.map((c) => c.amountPaise));
      const totalPaise = addPaise(cashPaise, chequePaise);
      if (totalPaise <= 0) throw badRequest(DEPOSIT_MSG.nothingToDeposit, 'days');
      const [deposit] = await queryRows<{ id: string }>(
        tx,
        sql`insert into bank_deposits (slip_number, bank_account, deposit_date, cash_paise, cheque_paise, total_paise,
                                       denominations, created_by, created_at)
            values (${input.slipNumber}, ${input.bankAccount}, ${input.depositDate}::date, ${cashPaise}, ${chequePaise},
                    ${totalPaise}, ${count ? JSON.stringify(count) : null}::jsonb, ${actor.id}, ${now})
            returning id`,
      );
      const depositId = deposit!.id;
      for (const d of cashDays) {
        await tx.execute(sql`insert into bank_deposit_days (cashier_id, day, deposit_id, cash_paise)
                             values (${d.cashierId}, ${d.day}::date, ${depositId}, ${d.cashPaise})`);
      }
      if (cheques.length > 0) {
        const moved = await queryRows<{ id: string }>(
          tx,
          sql`update receipts set cheque_status = 'deposited', cheque_status_at = ${now}, cheque_status_by = ${actor.id}
               where id = any(${sql.param(cheques.map((c) => c.id))}::uuid[]) and cheque_status = 'received'
                 and voided_at is null
               returning id`,
        );
        if (moved.length !== cheques.length) throw conflict(DEPOSIT_MSG.alreadyDeposited, ErrorCode.ALREADY_DEPOSITED);
        for (const c of cheques) {
          await tx.execute(sql`insert into bank_deposit_cheques (receipt_id, deposit_id, amount_paise)
                               values (${c.id}, ${depositId}, ${c.amountPaise})`);
        }
      }
      await recordAudit(tx, ctx.audit, {
        action: 'deposit.recorded',
        entityType: 'bank_deposit',
        entityId: depositId,
        after: {
          slipNumber: input.slipNumber,
          bankAccount: input.bankAccount,
          depositDate: input.depositDate,
          cash: paiseToRupees(cashPaise),
          chequeTotal: paiseToRupees(chequePaise),
          amount: paiseToRupees(totalPaise),
          days: cashDays.map((d) => ({ cashierId: d.cashierId, day: d.day, cash: paiseToRupees(paise(d.cashPaise)) })),
          cheques: cheques.map((c) => ({
            receiptId: c.id,
            receiptNumber: c.number,
            amount: paiseToRupees(c.amountPaise),
          })),
        },
      });
      return { depositId };
    });
  } catch (error) {
    if (isUniqueViolation(error, ['bank_deposits_slip_unique']))
      throw conflict(DEPOSIT_MSG.slipTaken, ErrorCode.DUPLICATE_SLIP);
    if (isUniqueViolation(error, ['bank_deposit_days_pkey', 'bank_deposit_cheques_pkey'])) {
      throw conflict(DEPOSIT_MSG.alreadyDeposited, ErrorCode.ALREADY_DEPOSITED);
    }
    throw error;
  }
}
