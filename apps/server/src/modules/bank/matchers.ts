import { sql, type SQL } from 'drizzle-orm';

import { queryRows, type DbOrTx } from '../../db/client.ts';
import { depositMatcher } from './deposit-matcher.ts';
import type { LineMatcher, MatchContext } from './line-matcher.ts';

export type { LineMatcher, MatchContext } from './line-matcher.ts';

/**
 * The counter's UPI receipts that may be matched: standing (not voided), collected at the office
 * with method `upi`, no line paying a test payment (decision 0045: a test payment is never real
 * money), not matched yet. `r` is the receipts row.
 */
export const MATCHABLE_UPI_RECEIPT: SQL = sql`r.voided_at is null and r.payment_method = 'upi'
  and r.collection_mode = 'manual'
  and not exists (select 1 from bank_matches bm where bm.parish_id = r.parish_id and bm.receipt_id = r.id)
  and not exists (select 1 from receipt_items ri join payments p on p.parish_id = ri.parish_id and p.id = ri.payment_id
                   where ri.parish_id = r.parish_id and ri.receipt_id = r.id and p.is_test)`;

/**
 * UPI counter receipts by UTR: a credit line whose UTR (`utrOf`) is the 12-digit UTR typed at the
 * counter (`receipts.utr`) and whose amount is the receipt's total, in paise. One line per receipt
 * (the earliest line, should a statement repeat a UTR); `matched_by` null with method `utr`.
 */
export const upiReceiptMatcher: LineMatcher = {
  kind: 'upi_receipt',
  async run(tx, bankAccountId) {
    const rows = await queryRows<{ line_id: string }>(
      tx,
      sql`insert into bank_matches (parish_id, line_id, kind, receipt_id, method, matched_by)
          select distinct on (r.id) l.parish_id, l.id, 'upi_receipt', r.id, 'utr', null::uuid
            from bank_statement_lines l
            join receipts r on r.parish_id = l.parish_id and r.utr = l.utr and r.total_paise = l.amount_paise
           where l.bank_account_id = ${bankAccountId} and l.amount_paise > 0 and l.utr is not null
             and not exists (select 1 from bank_matches m where m.parish_id = l.parish_id and m.line_id = l.id)
             and ${MATCHABLE_UPI_RECEIPT}
           order by r.id, l.line_date, l.id
          on conflict do nothing
          returning line_id`,
    );
    return rows.length;
  },
};

/**
 * Gateway settlements by UTR (decision 0151; `docs/domain.md`, "Gateway settlements"): a credit
 * line whose reference or narration contains the settlement's UTR (case aside; banks print NEFT and
 * RTGS credits as `NEFT-<UTR>-RAZORPAY…`) and whose amount is the settlement's net, in paise. One
 * line per settlement (the earliest), one settlement per line; `matched_by` null, method `utr`.
 */
export const settlementMatcher: LineMatcher = {
  kind: 'gateway_settlement',
  async run(tx, bankAccountId) {
    const rows = await queryRows<{ line_id: string }>(
      tx,
      sql`insert into bank_matches (parish_id, line_id, kind, settlement_id, method, matched_by)
          select parish_id, line_id, 'gateway_settlement', settlement_id, 'utr', null::uuid
            from (select distinct on (l.id) l.id as line_id, l.parish_id, s.id as settlement_id, l.line_date
                    from bank_statement_lines l
                    join gateway_settlements s on s.parish_id = l.parish_id and s.amount_paise = l.amount_paise
                         and length(s.utr) >= 6
                         and (strpos(upper(l.reference), upper(s.utr)) > 0 or strpos(upper(l.narration), upper(s.utr)) > 0)
                   where l.bank_account_id = ${bankAccountId} and l.amount_paise > 0
                     and not exists (select 1 from bank_matches m where m.parish_id = l.parish_id and m.line_id = l.id)
                     and not exists (select 1 from bank_matches m where m.parish_id = s.parish_id and m.settlement_id = s.id)
                   order by l.id, s.settled_at) candidates
          order by settlement_id, line_date, line_id
          on conflict do nothing
          returning line_id`,
    );
    return rows.length;
  },
};

/**
 * What a bank statement line is matched with (decision 0149; `docs/domain.md`,
 * "Bank-statement reconciliation"). Each kind of money that reaches the bank has a matcher: the UPI
 * receipts of the counter, by UTR; deposit slips, by slip number or amount and date (decision 0152,
 * `deposit-matcher.ts`); the gateways' settlements, by settlement UTR (decision 0151). Another kind
 * adds its own: a `bank_matches`
 * column and unique index of their own, a kind, and an entry in {@link LINE_MATCHERS}. A matcher
 * never matches a line or an item that is already matched (the table's keys hold it even between
 * two uploads at once).
 *
 * Every matcher, run in this order after each upload.
 */
export const LINE_MATCHERS: readonly LineMatcher[] = [upiReceiptMatcher, depositMatcher, settlementMatcher];

/**
 * Runs the settlement matcher on every bank account of the parish, after settlements were recorded
 * (a statement uploaded before its settlement was fetched is matched then); `by` as for
 * {@link LineMatcher.run}. @returns the lines matched
 */
export async function matchSettlementLines(tx: DbOrTx, by: MatchContext): Promise<number> {
  const accounts = await queryRows<{ id: string }>(tx, sql`select id from bank_accounts order by id`);
  let matched = 0;
  for (const account of accounts) matched += await settlementMatcher.run(tx, account.id, by);
  return matched;
}

/** Runs every matcher on an account's unmatched lines. @returns the lines matched in all */
export async function matchAccountLines(tx: DbOrTx, bankAccountId: string, by: MatchContext): Promise<number> {
  let matched = 0;
  for (const matcher of LINE_MATCHERS) matched += await matcher.run(tx, bankAccountId, by);
  return matched;
}
