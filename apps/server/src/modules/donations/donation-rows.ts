import { sql } from 'drizzle-orm';

import { paiseOfSum, type Paise, type Registration80g } from '@parish/shared';

import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';

/**
 * The donations of a financial year as Form 10BD reports them (issue 30 item 8, decision 0148;
 * `docs/domain.md`, "Form 10BD and 10BE"): read from the receipts, one group per donor, donation
 * type, mode of receipt and 80G eligibility. Amounts in paise.
 */

/** Form 10BD's donation types; every donation head's money is "Others" (no corpus or grant is recorded). */
export type DonationType = 'Corpus' | 'Specific grant' | 'Others';

/** Form 10BD's modes of receipt. */
export type ReceiptMode = 'Cash' | 'Kind' | 'Electronic modes including account payee cheque/draft' | 'Others';

/** The cash donation above which section 80G(5D) allows no deduction: ₹2,000, in paise. */
export const CASH_LIMIT_80G_PAISE = 200_000 as Paise;

/**
 * The Form 10BD mode of a receipt's payment method (decision 0148): cash is Cash; UPI, a cheque
 * and every gateway payment (card, net banking, UPI online) are electronic modes, which the form
 * counts with account payee cheques and drafts; anything else is Others.
 * @param method the receipt's stored payment method; `gateway` its payment gateway
 */
export function receiptModeOf(method: string, gateway: string): ReceiptMode {
  if (gateway !== 'manual') return 'Electronic modes including account payee cheque/draft';
  switch (method.toLowerCase()) {
    case 'cash':
      return 'Cash';
    case 'upi':
    case 'cheque':
    case 'card':
    case 'online':
      return 'Electronic modes including account payee cheque/draft';
    default:
      return 'Others';
  }
}

/** One donor's donations of one type, mode and eligibility in a financial year. */
export interface DonationGroup {
  memberId: string;
  name: string;
  parishNumber: string;
  address: string;
  /** The donor's PAN in full, or null when none is stored. */
  pan: string | null;
  donationType: DonationType;
  mode: ReceiptMode;
  /** False for cash receipts whose donation lines exceed ₹2,000 (section 80G(5D)). */
  eligible: boolean;
  /** The sum of the donation lines, in paise. */
  amountPaise: Paise;
  /** The receipts counted, in number order: number, date (YYYY-MM-DD, parish time) and donation amount in paise. */
  receipts: { number: string; date: string; amountPaise: Paise }[];
}

interface DonationReceiptRow {
  member_id: string;
  name: string;
  parish_number: string;
  address: string | null;
  pan: string | null;
  number: string;
  day: string;
  payment_method: string;
  payment_gateway: string;
  donation_paise: string | number;
}

/**
 * Every standing receipt of the financial year with donation lines, and what they received for
 * donation heads, in paise. Left out: voided receipts; test money (a line of a sandbox payment, or a
 * receipt of a sandbox checkout: decision 0114); receipts dated outside the registration's validity
 * (the day in the parish's time zone).
 * @param fy the year the financial year starts in (2026 for 2026-27)
 * @param memberId only this donor's receipts, when given
 */
async function donationReceipts(
  db: DbOrTx,
  input: { fy: number; timeZone: string; registration: Registration80g; memberId?: string },
): Promise<DonationReceiptRow[]> {
  const { fy, timeZone, registration } = input;
  return queryRows<DonationReceiptRow>(
    db,
    sql`select r.member_id, m.name, m.parish_number, m.address, m.pan, r.number,
               to_char(r.issued_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
               r.payment_method, r.payment_gateway::text as payment_gateway,
               sum(ri.amount_paise) as donation_paise
          from receipts r
          join receipt_items ri on ri.receipt_id = r.id and ri.parish_id = r.parish_id
          join payment_heads h on h.id = ri.payment_head_id and h.parish_id = ri.parish_id and h.is_donation
          join members m on m.id = r.member_id and m.parish_id = r.parish_id
          left join payments p on p.id = ri.payment_id and p.parish_id = ri.parish_id
         where r.financial_year = ${fy}
           and r.voided_at is null
           and not coalesce(p.is_test, false)
           and not exists (select 1 from transactions t
                            where t.parish_id = r.parish_id and t.transaction_id = r.transaction_id and t.is_test)
           and (r.issued_at at time zone ${timeZone})::date between ${registration.validFrom}::date
                                                               and ${registration.validTo}::date
           ${input.memberId === undefined ? sql`` : sql`and r.member_id = ${input.memberId}`}
         group by r.id, r.member_id, m.name, m.parish_number, m.address, m.pan, r.number, r.issued_at,
                  r.payment_method, r.payment_gateway
         order by m.name, r.member_id, r.number`,
  );
}

/**
 * The donations of a financial year grouped as Form 10BD allows (decision 0148): per donor, donation
 * type and mode of receipt, one row; cash receipts above ₹2,000 of donations apart, marked not
 * eligible (section 80G(5D)). Sorted by donor name; a donor's groups in the order of their first receipt.
 * @param fy the year the financial year starts in (2026 for 2026-27)
 * @param registration the trust's registration: receipts outside its validity are left out
 * @param memberId only one donor's groups (Form 10BE), when given
 */
export async function donationGroups(
  db: DbOrTx,
  input: { fy: number; timeZone: string; registration: Registration80g; memberId?: string },
): Promise<DonationGroup[]> {
  const rows = await donationReceipts(db, input);
  const groups = new Map<string, DonationGroup>();
  for (const row of rows) {
    const amountPaise = paiseOfSum(row.donation_paise);
    if (amountPaise <= 0) continue;
    const mode = receiptModeOf(row.payment_method, row.payment_gateway);
    const eligible = !(mode === 'Cash' && amountPaise > CASH_LIMIT_80G_PAISE);
    const key = `${row.member_id}|${mode}|${eligible}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        memberId: row.member_id,
        name: row.name,
        parishNumber: row.parish_number,
        address: row.address ?? '',
        pan: row.pan,
        donationType: 'Others',
        mode,
        eligible,
        amountPaise: 0 as Paise,
        receipts: [],
      };
      groups.set(key, group);
    }
    group.amountPaise = (group.amountPaise + amountPaise) as Paise;
    group.receipts.push({ number: row.number, date: row.day, amountPaise });
  }
  return [...groups.values()];
}
