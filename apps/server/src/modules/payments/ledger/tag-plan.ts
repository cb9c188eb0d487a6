import { HEAD_OR_MEMBER_NOT_FOUND_MESSAGE, MAX_LINE_PAISE, parseRupeesToPaise, type Paise } from '@parish/shared';
import { eq } from 'drizzle-orm';

import type { Tx } from '../../../db/client.ts';
import { paymentHeads } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';

/**
 * Tagging's decisions (`docs/domain.md`, §5 "Tagging", "Saving tags"), before any write: the
 * amount wanted for each selected member and what to do with each; and the head's lock. The
 * writes are the commands `assign-dues.ts` and `revoke-dues.ts`.
 */

/** A member id as the database takes it; others are skipped as 'member not found'. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Skip reasons of a tagging answer. */
export const SKIP_REASON = {
  alreadyPaid: 'already paid',
  memberNotFound: 'member not found',
  memberInactive: 'member inactive',
  inCheckout: 'online payment in progress',
} as const;

/**
 * The paise of a custom tag amount (`docs/domain.md`, §5 "Tagging"): used only when it is a number (or
 * numeric text) of 0 or more with at most 2 decimals and at most ₹1,00,00,000 (decision 0105);
 * otherwise null (the head's amount applies).
 */
export function customAmountPaise(value: unknown): number | null {
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) {
    const paise = parseRupeesToPaise(value);
    // Above one crore is not an amount one due may carry (decision 0105): the head's amount applies.
    return paise !== null && paise <= MAX_LINE_PAISE ? paise : null;
  }
  return null;
}

/** The tagging request after validation. */
export interface AssignInput {
  paymentHeadId: string;
  assignments: { memberId: string; amount?: unknown }[];
  replacePending: boolean;
}

/** A member skipped by a tag save, and why ({@link SKIP_REASON}). */
export type Skipped = { memberId: string; reason: string };

/** A selected member as the database knows it: active or not, and their payment of the head if any. */
export type TagTarget = { id: string; is_active: boolean; status: string | null; in_checkout: boolean };

/** What a tag save does to each selected member, decided before any write. */
export interface TagPlan {
  skipped: Skipped[];
  /** Members whose payment of the head stays (never revoked by `replacePending`). */
  keep: string[];
  /** Members to give a new pending payment, with its amount in paise. */
  inserts: { memberIds: string[]; amounts: number[] };
  /** Members whose pending payment gets a new amount in paise. */
  updates: { memberIds: string[]; amounts: number[] };
  /**
   * Members tagged with 0 (`docs/domain.md`, §5 "Tagging", decision 0109): no due is created, and
   * their pending payment of the head (if any) is removed, as the dues CSV reads 0.
   */
  noDue: string[];
}

/**
 * The amount in paise wanted for each selected member (custom, else the head's `headPaise`),
 * by lower-case id; ids that are not UUIDs are skipped as 'member not found'.
 */
export function wantedAmounts(assignments: AssignInput['assignments'], headPaise: Paise, skipped: Skipped[]) {
  const wanted = new Map<string, number>();
  for (const assignment of assignments) {
    if (!UUID.test(assignment.memberId)) {
      skipped.push({ memberId: assignment.memberId, reason: SKIP_REASON.memberNotFound });
      continue;
    }
    wanted.set(assignment.memberId.toLowerCase(), customAmountPaise(assignment.amount) ?? headPaise);
  }
  return wanted;
}

/**
 * Decides each selected member's fate (`docs/domain.md`, "Saving tags"): unknown and inactive
 * members are skipped, a paid payment is kept and skipped, a payment in an online checkout is kept
 * and skipped, a missing payment is inserted and a pending one re-priced; an amount of 0 creates no
 * payment and removes a pending one (`noDue`, decision 0109).
 */
export function planTags(
  wanted: ReadonlyMap<string, number>,
  targets: readonly TagTarget[],
  skipped: Skipped[],
): TagPlan {
  const byId = new Map(targets.map((row) => [row.id, row]));
  const plan: TagPlan = {
    skipped,
    keep: [],
    inserts: { memberIds: [], amounts: [] },
    updates: { memberIds: [], amounts: [] },
    noDue: [],
  };
  for (const [memberId, amountPaise] of wanted) {
    const row = byId.get(memberId);
    if (!row) {
      skipped.push({ memberId, reason: SKIP_REASON.memberNotFound });
    } else if (row.status === 'paid') {
      plan.keep.push(memberId);
      skipped.push({ memberId, reason: SKIP_REASON.alreadyPaid });
    } else if (!row.is_active) {
      skipped.push({ memberId, reason: SKIP_REASON.memberInactive });
    } else if (amountPaise === 0 && row.status === null) {
      plan.noDue.push(memberId);
    } else if (row.status === null) {
      plan.keep.push(memberId);
      plan.inserts.memberIds.push(memberId);
      plan.inserts.amounts.push(amountPaise);
    } else if (row.in_checkout) {
      plan.keep.push(memberId);
      skipped.push({ memberId, reason: SKIP_REASON.inCheckout });
    } else if (amountPaise === 0) {
      plan.noDue.push(memberId);
    } else {
      plan.keep.push(memberId);
      plan.updates.memberIds.push(memberId);
      plan.updates.amounts.push(amountPaise);
    }
  }
  return plan;
}

/**
 * The head of a tag save or cancel, locked FOR UPDATE: the row lock serialises concurrent tag
 * saves of the same head.
 * @throws 404 'Payment head or member not found.' when the head does not exist.
 */
export async function lockHead(tx: Tx, paymentHeadId: string) {
  const [head] = await tx.select().from(paymentHeads).where(eq(paymentHeads.id, paymentHeadId)).for('update');
  if (!head) throw notFound(HEAD_OR_MEMBER_NOT_FOUND_MESSAGE);
  return head;
}
