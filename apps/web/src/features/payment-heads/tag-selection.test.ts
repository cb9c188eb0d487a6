import { describe, expect, it } from 'vitest';

import type { HeadPayment, MemberRef, PaymentHead } from './api.ts';
import { selectedMembers, splitExisting, tickMembers, toAssignments, type Selection } from './tag-selection.ts';

const member = (id: string, name: string): MemberRef => ({
  _id: id,
  name,
  parishNumber: `SM${id}`,
  mobile: `9198470000${id.padStart(2, '0')}`,
});
const anna = member('1', 'Anna Joseph');
const thomas = member('2', 'Thomas Mathew');

describe('toAssignments', () => {
  it('sends a custom amount only when it is rupees of 0 or more with at most two decimals', () => {
    const chosen: Selection[] = [
      { member: anna, amount: '' },
      { member: thomas, amount: '1,750.50' },
      { member: member('3', 'Mary'), amount: 'abc' },
      { member: member('4', 'Joy'), amount: '0' },
    ];
    expect(toAssignments(chosen)).toEqual([
      { memberId: '1' },
      { memberId: '2', amount: 1750.5 },
      { memberId: '3' },
      { memberId: '4', amount: 0 },
    ]);
  });
});

describe('splitExisting', () => {
  it('locks the paid members with what they paid and preselects the pending ones, custom amounts only when different', () => {
    const head = { amount: 1500 } as PaymentHead;
    const payments = [
      { memberId: anna, status: 'paid', amount: 1500, paidAmount: 2000 },
      { memberId: thomas, status: 'pending', amount: 1800, paidAmount: null },
      { memberId: member('3', 'Mary'), status: 'pending', amount: 1500, paidAmount: null },
    ] as HeadPayment[];
    const { paid, selected } = splitExisting(head, payments);
    expect([...paid]).toEqual([['1', 2000]]);
    expect([...selected.values()].map((entry) => [entry.member._id, entry.amount])).toEqual([
      ['2', '1800'],
      ['3', ''],
    ]);
  });
});

describe('tickMembers and selectedMembers', () => {
  it('keeps the amount typed before when a member is ticked again, and leaves the map given unchanged', () => {
    const current = new Map([['2', { member: thomas, amount: '1800' }]]);
    const ticked = tickMembers(current, [anna, thomas], true);
    expect([...ticked.values()].map((entry) => entry.amount)).toEqual(['1800', '']);
    expect(tickMembers(ticked, [thomas], false).has('2')).toBe(false);
    expect(current.size).toBe(1);
  });

  it('searches the ticked members by name, parish number or mobile and sorts them by name', () => {
    const chosen = tickMembers(new Map(), [thomas, anna], true);
    expect(selectedMembers(chosen, '').map((one) => one.name)).toEqual(['Anna Joseph', 'Thomas Mathew']);
    expect(selectedMembers(chosen, 'sm2').map((one) => one.name)).toEqual(['Thomas Mathew']);
    expect(selectedMembers(chosen, 'JOSEPH').map((one) => one.name)).toEqual(['Anna Joseph']);
  });
});
