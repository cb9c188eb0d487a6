import { sql, type SQL } from 'drizzle-orm';

import { queryRows } from '../../db/client.ts';
import { clearDepositCheques } from '../payments/commands/clear-cheque.ts';
import type { LineMatcher } from './line-matcher.ts';

/**
 * Deposit slips found on the bank statement (decision 0152; `docs/domain.md`, "Bank-statement
 * reconciliation"): a deposit of cash and cheques (decision 0147) is matched with a credit line of
 * its own bank account, first by its slip number, then by amount and date.
 */

/** How many days after a slip's deposit date its credit may be printed on the statement. */
export const DEPOSIT_CREDIT_DAYS = 3;

/**
 * The deposit slips `d` paid into the bank account `a` (the slip names the account as the parish's
 * ledger does, `bank_deposits.bank_account`: the same as the account's name, ignoring case and
 * the spaces around it) and not matched yet.
 */
export const MATCHABLE_DEPOSIT: SQL = sql`lower(btrim(d.bank_account)) = lower(btrim(a.name))
  and not exists (select 1 from bank_matches bm where bm.parish_id = d.parish_id and bm.deposit_id = d.id)`;

/** The unmatched credit lines `l`. */
const UNMATCHED_CREDIT: SQL = sql`l.amount_paise > 0
  and not exists (select 1 from bank_matches m where m.parish_id = l.parish_id and m.line_id = l.id)`;

/**
 * The regular expression replacement that puts a backslash before every character of a slip
 * number that is not a letter or a digit, so that the slip number is read literally.
 */
const ESCAPE_REPLACEMENT = String.raw`\\\1`;

/**
 * A line `l` that carries the slip number of `d` as a whole token of its reference or narration:
 * not a letter or digit either side, case ignored (slip `4512` is not found in `004512` or `45123`).
 */
export const LINE_CARRIES_SLIP: SQL = sql`(l.reference || ' ' || l.narration) ~* ('(^|[^A-Za-z0-9])'
  || regexp_replace(d.slip_number, '([^A-Za-z0-9])', ${ESCAPE_REPLACEMENT}, 'g') || '([^A-Za-z0-9]|$)')`;

/**
 * A line `l` dated from the deposit date of `d` to {@link DEPOSIT_CREDIT_DAYS} days after it, with
 * no UPI UTR (a UPI credit is not a pay-in slip), of the slip's total.
 */
export const LINE_MAY_BE_DEPOSIT: SQL = sql`l.amount_paise = d.total_paise and l.utr is null
  and l.line_date between d.deposit_date and d.deposit_date + ${DEPOSIT_CREDIT_DAYS}::int`;

interface Matched {
  line_id: string;
  deposit_id: string;
  slip_number: string;
  method: 'slip' | 'amount_date';
}

/**
 * Deposit slips (kind 'deposit'): first a credit line carrying the slip number as a token
 * ({@link LINE_CARRIES_SLIP}) with the slip's total (method 'slip'; the earliest such line, should
 * the statement repeat it); then, among what is left, a line with no UTR of the slip's total dated
 * within {@link DEPOSIT_CREDIT_DAYS} days on or after the deposit date, when the line has exactly
 * one such slip and the slip exactly one such line (method 'amount_date'); anything ambiguous is
 * left unmatched and shown as a suggestion. A slip-number match clears the slip's deposited cheques
 * (`clearDepositCheques`); an amount-and-date match does not (decision 0152).
 */
export const depositMatcher: LineMatcher = {
  kind: 'deposit',
  async run(tx, bankAccountId, by) {
    const bySlip = await queryRows<Matched>(
      tx,
      sql`with pairs as (
            select distinct on (d.id) l.parish_id, l.id as line_id, d.id as deposit_id, d.slip_number
              from bank_statement_lines l
              join bank_accounts a on a.parish_id = l.parish_id and a.id = l.bank_account_id
              join bank_deposits d on d.parish_id = l.parish_id and d.total_paise = l.amount_paise
             where l.bank_account_id = ${bankAccountId} and ${UNMATCHED_CREDIT} and ${MATCHABLE_DEPOSIT}
               and ${LINE_CARRIES_SLIP}
             order by d.id, l.line_date, l.id)
          insert into bank_matches (parish_id, line_id, kind, deposit_id, method, matched_by)
          select distinct on (p.line_id) p.parish_id, p.line_id, 'deposit', p.deposit_id, 'slip', null::uuid
            from pairs p order by p.line_id, p.deposit_id
          on conflict do nothing
          returning line_id, deposit_id, method,
                    (select slip_number from bank_deposits x where x.parish_id = bank_matches.parish_id
                       and x.id = bank_matches.deposit_id) as slip_number`,
    );
    const byAmount = await queryRows<Matched>(
      tx,
      sql`with pairs as (
            select l.parish_id, l.id as line_id, d.id as deposit_id,
                   count(*) over (partition by l.id) as slips_of_line,
                   count(*) over (partition by d.id) as lines_of_slip
              from bank_statement_lines l
              join bank_accounts a on a.parish_id = l.parish_id and a.id = l.bank_account_id
              join bank_deposits d on d.parish_id = l.parish_id
             where l.bank_account_id = ${bankAccountId} and ${UNMATCHED_CREDIT} and ${MATCHABLE_DEPOSIT}
               and ${LINE_MAY_BE_DEPOSIT})
          insert into bank_matches (parish_id, line_id, kind, deposit_id, method, matched_by)
          select p.parish_id, p.line_id, 'deposit', p.deposit_id, 'amount_date', null::uuid
            from pairs p where p.slips_of_line = 1 and p.lines_of_slip = 1
          on conflict do nothing
          returning line_id, deposit_id, method, '' as slip_number`,
    );
    for (const match of bySlip) {
      await clearDepositCheques(tx, by.audit, {
        depositId: match.deposit_id,
        slipNumber: match.slip_number,
        bankLineId: match.line_id,
        actorId: by.actorId,
        now: by.now,
      });
    }
    return bySlip.length + byAmount.length;
  },
};
