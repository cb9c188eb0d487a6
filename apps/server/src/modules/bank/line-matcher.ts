import type { AuditContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A matcher of bank statement lines (decision 0149; `docs/domain.md`, "Bank-statement
 * reconciliation"): one per kind of money that reaches the bank, listed in `LINE_MATCHERS`
 * (`matchers.ts`). In a file of its own so that a matcher in its own file (`deposit-matcher.ts`)
 * and the list do not import each other.
 */
export interface LineMatcher {
  /** The `bank_matches.kind` it writes. */
  kind: 'upi_receipt' | 'deposit' | 'gateway_settlement';
  /**
   * Matches what it can among the account's unmatched lines, in the caller's transaction; `by` names
   * who runs it (the upload's person) for what the match changes besides (a slip's cheques cleared).
   * @returns the number of lines it matched
   */
  run(tx: DbOrTx, bankAccountId: string, by: MatchContext): Promise<number>;
}

/** Who runs the matchers and when: the upload's person (audit context and staff id), a UTC ISO instant. */
export interface MatchContext {
  audit: AuditContext;
  actorId: string | null;
  now: string;
}
