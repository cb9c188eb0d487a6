import { paiseToRupees, parseRupeesToPaise, type Rupees } from '@parish/shared';

import type { HeadPayment, MemberRef, PaymentHead } from './api.ts';

/**
 * The Tag Members dialog's selection as pure functions (`docs/domain.md`, §4 "Saving tags" and §5
 * "Tagging"): who is tagged with what amount, who has paid, and what a save sends.
 */

/** A tagged member and the custom amount typed for them (blank = the head's amount). */
export interface Selection {
  member: MemberRef;
  amount: string;
}

/** The tagged members by id. */
export type Selections = ReadonlyMap<string, Selection>;

/**
 * The assignments of a tag save (`docs/domain.md`, §5 "Tagging"): a custom amount is used only when it is
 * a number of 0 or more (rupees, ≤ 2 decimals); otherwise the head's base amount applies.
 */
export function toAssignments(selected: Iterable<Selection>): { memberId: string; amount?: number }[] {
  return [...selected].map(({ member, amount }) => {
    const paise = amount.trim() === '' ? null : parseRupeesToPaise(amount);
    return paise === null ? { memberId: member._id } : { memberId: member._id, amount: paiseToRupees(paise) };
  });
}

/** The head's current tags: paid members (locked, with the rupees paid) and the pending ones (preselected). */
export interface ExistingTags {
  paid: Map<string, Rupees>;
  selected: Map<string, Selection>;
}

/** Splits the head's payments into {@link ExistingTags}: a custom amount shows only where it differs from the head's. */
export function splitExisting(head: PaymentHead, payments: HeadPayment[]): ExistingTags {
  const paid = new Map<string, Rupees>();
  const selected = new Map<string, Selection>();
  for (const payment of payments) {
    if (payment.status === 'paid') {
      paid.set(payment.memberId._id, payment.paidAmount ?? payment.amount);
    } else {
      // Pending (or a failed online attempt): still owed, so it stays tagged unless unticked.
      selected.set(payment.memberId._id, {
        member: payment.memberId,
        amount: payment.amount === head.amount ? '' : String(payment.amount),
      });
    }
  }
  return { paid, selected };
}

/**
 * Ticks (`on`) or unticks `members`; a member ticked again keeps the amount typed before.
 * @returns a new map; `current` is not changed
 */
export function tickMembers(current: Selections, members: readonly MemberRef[], on: boolean): Map<string, Selection> {
  const next = new Map(current);
  for (const member of members) {
    if (on) next.set(member._id, { member, amount: current.get(member._id)?.amount ?? '' });
    else next.delete(member._id);
  }
  return next;
}

/** The ticked members whose name, parish number or mobile contains `search` (any case), by name. */
export function selectedMembers(selected: Selections, search: string): MemberRef[] {
  const needle = search.toLowerCase();
  return [...selected.values()]
    .map((entry) => entry.member)
    .filter((member) =>
      [member.name, member.parishNumber, member.mobile].some((field) => field.toLowerCase().includes(needle)),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}
