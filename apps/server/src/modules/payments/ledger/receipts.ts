import {
  calendarDateIn,
  financialYearOf,
  sumPaise,
  type AuditAction,
  type AuditEntry,
  type Paise,
} from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

import type { AuditContext } from '../../../context.ts';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { auditInsertSql } from '../../audit/audit.repository.ts';

/**
 * A receipt number: the Indian financial year (April to March, named by the year it starts) and
 * the sequence within it, `2026-27/000001` (`docs/domain.md`, "Receipt numbers"); the same format
 * as the demo parish (`scripts/demo-ledger.ts`).
 */
export function formatReceiptNumber(financialYear: number, sequence: number): string {
  return `${receiptNumberPrefix(financialYear)}${String(sequence).padStart(6, '0')}`;
}

/** The financial year's part of its receipt numbers, `2026-27/`. */
function receiptNumberPrefix(financialYear: number): string {
  return `${financialYear}-${String((financialYear + 1) % 100).padStart(2, '0')}/`;
}

/**
 * The next receipt number of the financial year `financialYear`, as SQL for a WITH list: the CTE
 * `taken(number)` upserts the year's row of `receipt_counters` and formats the new last number
 * the way {@link formatReceiptNumber} does. The counter row stays locked until the transaction
 * ends, so numbers are unique and sequential within a year; a number taken by a transaction that
 * rolls back is given again (no gap); a number of a voided receipt is never reused (the counter
 * only grows) (`docs/decisions/0012-receipt-numbers-per-financial-year.md`). It is part of the
 * statement that inserts the receipt, so the lock is held for that one statement and the COMMIT
 * only (`docs/ARCHITECTURE.md`, "Lock order"; decision 0057).
 */
function takenReceiptNumberSql(financialYear: number): SQL {
  return sql`c as (
          insert into receipt_counters (financial_year, last_number) values (${financialYear}, 1)
          on conflict (parish_id, financial_year) do update set last_number = receipt_counters.last_number + 1
          returning last_number
        ),
        taken as (
          select ${receiptNumberPrefix(financialYear)}
                 || lpad(c.last_number::text, greatest(6, length(c.last_number::text)), '0') as number
            from c
        )`;
}

/** One line of a receipt: a payment and the amount received for it, in paise. */
export interface ReceiptLine {
  paymentId: string;
  amountPaise: Paise;
}

/** What a receipt records besides its lines. Instants are UTC `Date`s. */
export interface ReceiptFacts {
  memberId: string;
  /** When the money was received. */
  issuedAt: Date;
  /** cash, upi, cheque at the office; online (or the gateway's method) for a gateway payment. */
  paymentMethod: string;
  paymentGateway: 'manual' | 'worldline' | 'razorpay';
  collectionMode: 'manual' | 'online';
  /** The collecting staff member; null online. */
  collectedBy: string | null;
  transactionId: string | null;
  pgTransactionId: string | null;
  notes: string | null;
  /** A cheque taken at the counter: the receipt starts with the cheque `received` (`docs/domain.md`, "Cheques"). */
  cheque?: { bank: string; number: string; date: string } | null;
  /** A UPI collection's 12-digit UTR, unique among receipts that stand (`docs/domain.md`, "UPI at the counter"). */
  utr?: string | null;
}

/** A receipt as issued: its id and number. */
export interface IssuedReceipt {
  id: string;
  number: string;
}

/**
 * How {@link issueReceipt} marks the receipt's payments paid in the same statement (`markPaid`):
 * the payment fields of the collection, set only on payments still pending. `facts` give the
 * method, gateway, collection mode, collector, transaction ids and notes; each line's amount is its
 * paid amount.
 */
export interface PayingFacts {
  /** A sandbox (test) checkout's payments (`payments.is_test`). */
  isTest: boolean;
}

/**
 * An audit record that {@link issueReceipt} writes in its own statement (`auditInsertSql`): the
 * receipt's number is merged into its `after` as `receiptNumber`.
 */
export interface ReceiptAudit {
  context: AuditContext;
  entry: AuditEntry<AuditAction>;
}

/**
 * Issues one receipt for `lines` (at least one; payments of `facts.memberId`, already locked by
 * this transaction) in ONE statement: takes the next number of the financial year of
 * `facts.issuedAt` (its calendar date in `timeZone`; {@link takenReceiptNumberSql}), inserts the
 * receipt with its total, one `receipt_items` row per line (numbered in the given order, with the
 * head's name and year copied) and points each payment at it (`receipt_id` and the denormalized
 * `receipt_number`). With `options.paying`, that same update also marks the payments paid (status,
 * paid amount, paid at, method, gateway, mode, collector, transaction ids, notes, test flag,
 * updated at) — each payment is then updated once, and its summary triggers fire once
 * (`docs/ARCHITECTURE.md`, "Lock order"; decision 0057). With `options.audit`, the same statement
 * also writes that audit record, its `after.receiptNumber` the number taken. Must run inside the
 * transaction that locked (or already marked paid) the payments.
 * @throws Error when `lines` is empty (a programming error), or when `paying` and a payment was
 *   not pending any more (the caller must have locked and checked them: a programming error,
 *   and the transaction must roll back).
 */
export async function issueReceipt(
  tx: DbOrTx,
  timeZone: string,
  facts: ReceiptFacts,
  lines: readonly ReceiptLine[],
  options: { paying?: PayingFacts; audit?: ReceiptAudit } = {},
): Promise<IssuedReceipt> {
  const { paying, audit } = options;
  if (lines.length === 0) throw new Error('a receipt needs at least one line');
  const financialYear = financialYearOf(calendarDateIn(facts.issuedAt, timeZone));
  const issuedAt = facts.issuedAt.toISOString();
  const cheque = facts.cheque ?? null;
  const total = sumPaise(lines.map((line) => line.amountPaise));
  const ids = `{${lines.map((line) => line.paymentId).join(',')}}`;
  const amounts = `{${lines.map((line) => line.amountPaise).join(',')}}`;
  const paidFields = paying
    ? sql`, status = 'paid', paid_amount_paise = l.amount_paise, paid_at = ${issuedAt},
          payment_method = ${facts.paymentMethod}, payment_gateway = ${facts.paymentGateway},
          collection_mode = ${facts.collectionMode}, collected_by = ${facts.collectedBy},
          transaction_id = ${facts.transactionId}, pg_transaction_id = ${facts.pgTransactionId},
          notes = ${facts.notes}, is_test = ${paying.isTest}, updated_at = ${issuedAt}`
    : sql``;
  const onlyPending = paying ? sql`and p.status = 'pending'` : sql``;
  const receiptNumber = sql`jsonb_build_object('receiptNumber', r.number)`;
  const auditCte = audit ? sql`, a as (${auditInsertSql(audit.context, audit.entry, sql`r`, receiptNumber)})` : sql``;
  const [row] = await queryRows<{ id: string; number: string; updated: number }>(
    tx,
    sql`with l as (
          select u.payment_id, u.amount_paise, u.line from unnest(${ids}::uuid[], ${amounts}::bigint[])
            with ordinality as u(payment_id, amount_paise, line)
        ),
        ${takenReceiptNumberSql(financialYear)},
        r as (
          insert into receipts (number, financial_year, member_id, issued_at, payment_method, payment_gateway,
                                collection_mode, collected_by, transaction_id, pg_transaction_id, total_paise, notes,
                                cheque_bank, cheque_number, cheque_date, cheque_status, utr)
          select taken.number, ${financialYear}, ${facts.memberId}, ${issuedAt},
                 ${facts.paymentMethod}, ${facts.paymentGateway}, ${facts.collectionMode}, ${facts.collectedBy},
                 ${facts.transactionId}, ${facts.pgTransactionId}, ${total}, ${facts.notes},
                 ${cheque?.bank ?? null}, ${cheque?.number ?? null}, ${cheque?.date ?? null}::date,
                 ${cheque ? 'received' : null}, ${facts.utr ?? null}
            from taken
          returning id, number
        ),
        i as (
          insert into receipt_items (receipt_id, line, payment_id, payment_head_id, head_name, head_year, amount_paise)
          select r.id, l.line, l.payment_id, h.id, h.name, h.year, l.amount_paise
            from r, l join payments p on p.id = l.payment_id join payment_heads h on h.id = p.payment_head_id
        ),
        u as (
          update payments p set receipt_id = r.id, receipt_number = r.number ${paidFields}
            from r, l where p.id = l.payment_id ${onlyPending}
          returning p.id
        )${auditCte}
        select r.id, r.number, (select count(*) from u)::int as updated from r`,
  );
  if (!row) throw new Error('receipt insert returned nothing');
  if (paying && Number(row.updated) !== lines.length) throw new Error('a payment to pay was not pending');
  return { id: row.id, number: row.number };
}

/** Why and by whom a receipt is voided (`docs/domain.md`, "Reversal with a reason"). */
export interface VoidFacts {
  voidedAt: Date;
  voidedBy: string;
  reason: string;
  note: string | null;
}

/**
 * Voids a receipt by id (a reversal of the whole receipt): it keeps its number and lines and is
 * marked voided with the reason, note, who and when; every payment it held loses its receipt.
 * A bounced cheque's receipt also gets cheque status `bounced`. Must run inside the reversing
 * transaction, after its payment rows are locked.
 * @returns false when the receipt was already voided (nothing changed).
 */
export async function voidReceipt(tx: DbOrTx, receiptId: string, facts: VoidFacts): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with v as (
          update receipts r set voided_at = ${facts.voidedAt.toISOString()}, voided_by = ${facts.voidedBy},
                 void_reason = ${facts.reason}, void_note = ${facts.note},
                 cheque_status = case when r.cheque_status is not null and ${facts.reason} = 'cheque_bounced'
                                      then 'bounced' else r.cheque_status end,
                 cheque_status_at = case when ${facts.reason} = 'cheque_bounced' then ${facts.voidedAt.toISOString()}::timestamptz
                                         else r.cheque_status_at end,
                 cheque_status_by = case when ${facts.reason} = 'cheque_bounced' then ${facts.voidedBy}::uuid
                                         else r.cheque_status_by end
           where r.id = ${receiptId} and r.voided_at is null
          returning r.id
        ),
        u as (update payments p set receipt_id = null, receipt_number = null from v where p.receipt_id = v.id)
        select id from v`,
  );
  return rows.length > 0;
}

/**
 * Gives every paid payment that carries a receipt number but no receipt one receipt of one line
 * under that number (the demo parish's ledger is written that way; migration 0007 did the same
 * for earlier releases' data).
 * @returns how many receipts were issued.
 */
export async function receiptsForNumberedPayments(tx: DbOrTx): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    tx,
    sql`with r as (
          insert into receipts (number, financial_year, member_id, issued_at, payment_method, payment_gateway,
                                collection_mode, collected_by, transaction_id, pg_transaction_id, total_paise, notes)
          select p.receipt_number, split_part(p.receipt_number, '-', 1)::integer, p.member_id,
                 coalesce(p.paid_at, p.updated_at), coalesce(p.payment_method, 'cash'),
                 coalesce(p.payment_gateway, 'manual'), coalesce(p.collection_mode, 'manual'), p.collected_by,
                 p.transaction_id, p.pg_transaction_id, coalesce(p.paid_amount_paise, p.amount_paise), p.notes
            from payments p
           where p.status = 'paid' and p.receipt_number is not null and p.receipt_id is null
          returning id, number, total_paise
        ),
        u as (
          update payments p set receipt_id = r.id from r where p.receipt_number = r.number and p.receipt_id is null
          returning p.id, p.payment_head_id, r.id as receipt_id, r.total_paise
        ),
        i as (
          insert into receipt_items (receipt_id, line, payment_id, payment_head_id, head_name, head_year, amount_paise)
          select u.receipt_id, 1, u.id, h.id, h.name, h.year, u.total_paise
            from u join payment_heads h on h.id = u.payment_head_id
        )
        select count(*)::int as count from r`,
  );
  return Number(rows[0]?.count ?? 0);
}
