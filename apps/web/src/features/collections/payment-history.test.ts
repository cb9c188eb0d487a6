import { paise, rupees, type MemberPayments } from '@parish/shared';
import { describe, expect, it } from 'vitest';

import { payment } from '../../test/fixtures.ts';
import { rupeesText } from './collect-rules.ts';
import {
  effectivePaise,
  fileSafe,
  historyTable,
  historyFileName,
  isOverdue,
  typeKey,
  visiblePayments,
} from './payment-history.ts';

const paidExtra = payment({
  id: 'b',
  type: 'arrear',
  headName: '=HYPERLINK("x")',
  amount: rupees(1000),
  paidAmount: rupees(1250.5),
  status: 'paid',
  paidAt: '2026-11-22T20:00:00.000Z',
  transactionId: 'MAN-1',
  dueDate: null,
});
const pendingLate = payment({ id: 'a', amount: rupees(100000), dueDate: '2026-03-31' });
const pendingLater = payment({ id: 'c', type: 'misc', amount: rupees(500), dueDate: '2027-03-31' });

describe('Payment Summary list', () => {
  it('counts a paid payment at its paid amount, a pending one at its assigned amount', () => {
    expect(effectivePaise(paidExtra)).toBe(125_050);
    expect(effectivePaise(pendingLate)).toBe(10_000_000);
  });

  it('marks pending payments past their due date (parish date) as overdue', () => {
    expect(isOverdue(pendingLate, '2026-04-01')).toBe(true);
    expect(isOverdue(pendingLate, '2026-03-31')).toBe(false);
    expect(isOverdue(paidExtra, '2030-01-01')).toBe(false);
  });

  it('badges head types, legacy ones too', () => {
    expect(typeKey('arrears')).toBe('typeArrears');
    expect(typeKey('misc')).toBe('typeMiscellaneous');
    expect(typeKey('normal')).toBe('typeCurrentDue');
  });

  it('filters by status and sorts by date, amount or status in either direction', () => {
    const items = [pendingLater, paidExtra, pendingLate];
    const ids = (list: { _id: string }[]) => list.map((p) => p._id);
    expect(ids(visiblePayments(items, 'pending', 'date', 'desc'))).toEqual(['c', 'a']);
    expect(ids(visiblePayments(items, 'paid', 'date', 'desc'))).toEqual(['b']);
    // Sort dates: paid at 2026-11-22T20:00Z, due 2026-03-31, due 2027-03-31.
    expect(ids(visiblePayments(items, 'all', 'date', 'asc'))).toEqual(['a', 'b', 'c']);
    expect(ids(visiblePayments(items, 'all', 'amount', 'desc'))).toEqual(['a', 'b', 'c']);
    expect(ids(visiblePayments(items, 'all', 'status', 'asc'))).toEqual(['b', 'a', 'c']);
  });
});

describe('Payment history CSV', () => {
  const data: MemberPayments = {
    member: { _id: 'm1', name: 'Thomas Mathew', parishNumber: 'SM101', mobile: '919847012345' },
    items: [paidExtra, pendingLate],
    totals: { paid: 1250.5, pending: 100000, total: 101250.5 },
  } as MemberPayments;

  it('writes the header, plain rupee amounts, dd/mm/yyyy paid dates and neutralised cells', () => {
    const table = historyTable(data, (key) => key.replace('collections.summary.csv.', '').toUpperCase());
    expect(table.header).toEqual(['HEAD', 'AMOUNT', 'STATUS', 'PAYMENTDATE', 'TRANSACTIONID', 'TYPE', 'YEAR']);
    expect(table.rows).toEqual([
      // Paid at 20:00 UTC on 22 November is 23 November in India. The CSV writer neutralises the
      // formula (lib/table-download.test.ts); the table holds the head's name as entered.
      ['=HYPERLINK("x")', '1250.50', 'paid', '23/11/2026', 'MAN-1', 'Arrears', 2026],
      ['Annual Dues 2026', '100000.00', 'pending', '', '', 'Current Due', 2026],
    ]);
  });

  it('names the file after the member and the parish date', () => {
    expect(historyFileName('Thomas Mathew', '2026-11-22')).toBe('Thomas_Mathew_payment_details_2026-11-22.csv');
    expect(historyFileName('Thomas Mathew', '2026-11-22', 'xlsx')).toBe(
      'Thomas_Mathew_payment_details_2026-11-22.xlsx',
    );
    expect(fileSafe('  Mary-Anne / K. ')).toBe('Mary-Anne_K');
    expect(fileSafe('Anna_Joseph 2')).toBe('Anna_Joseph_2');
    expect(fileSafe('***')).toBe('member');
  });
});

describe('Collect Payment rules', () => {
  it('shows the due amount as plain rupee text', () => {
    expect(rupeesText(paise(10_000_000))).toBe('100000.00');
    expect(rupeesText(paise(150_050))).toBe('1500.50');
  });
});
