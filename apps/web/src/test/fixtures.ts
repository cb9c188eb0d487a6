import {
  paiseToRupees,
  rupees,
  rupeesToPaise,
  sumPaise,
  type CustomerPayments,
  type HeadType,
  type PaymentRecord,
  type SessionUser,
} from '@parish/shared';

/**
 * A payment as the API answers it, for the web's unit tests: a pending ₹1,500.00 current due of
 * Thomas Mathew (SM101), assigned on 1 April 2026, due 31 March 2027. Amounts in rupees.
 */
export function payment(
  overrides: Partial<Omit<PaymentRecord, 'paymentHeadId'>> & {
    id?: string;
    type?: HeadType | string;
    variable?: boolean;
    headName?: string;
  } = {},
): PaymentRecord {
  const { id = 'p1', type = 'current due', variable = false, headName = 'Annual Dues 2026', ...rest } = overrides;
  return {
    _id: id,
    memberId: { _id: 'm1', name: 'Thomas Mathew', parishNumber: 'SM101', mobile: '919847012345' },
    paymentHeadId: {
      _id: `h-${id}`,
      name: headName,
      description: '',
      amount: rest.amount ?? rupees(1500),
      type: type as HeadType,
      year: 2026,
      dueDate: '2027-03-31',
      variable_amount: variable,
      isActive: true,
      createdAt: '2026-04-01T04:30:00.000Z',
    },
    amount: rupees(1500),
    paidAmount: null,
    status: 'pending',
    year: 2026,
    paidAt: null,
    createdAt: '2026-04-01T04:30:00.000Z',
    dueDate: '2027-03-31',
    transactionId: null,
    pgTransactionId: null,
    paymentMethod: null,
    paymentGateway: null,
    collectionMode: null,
    collectedBy: null,
    notes: null,
    receiptNumber: null,
    receiptId: null,
    chequeStatus: null,
    ...rest,
  };
}

/**
 * A signed-in user as `/api/auth/verify` and the sign-in answers give it: by default the member
 * Thomas Mathew (SM101, mobile 919847012345, member m1 of {@link payment}); `overrides` for staff.
 */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u-m1',
    name: 'Thomas Mathew',
    role: 'customer',
    mobile: '919847012345',
    parishNumber: 'SM101',
    memberId: 'm1',
    ...overrides,
  };
}

/** The member's pending payments as `GET /api/customer/payments` answers them. */
export function pendingAnswer(items: PaymentRecord[]): CustomerPayments {
  const figure = (type: string) => {
    const some = items.filter((item) => item.paymentHeadId.type === type);
    return { count: some.length, amount: paiseToRupees(sumPaise(some.map((item) => rupeesToPaise(item.amount)))) };
  };
  return {
    items,
    total: items.length,
    summary: {
      arrears: figure('arrear'),
      current: figure('current due'),
      misc: figure('miscellaneous'),
      paid: { count: 0, amount: rupees(0) },
    },
    arrearsBlocking: items.some((item) => item.paymentHeadId.type === 'arrear'),
  };
}

/** The parish's public settings as `GET /api/settings` answers them (St. Mary’s Church, no logo). */
export function parishSettings() {
  return { name: 'St. Mary’s Church', address: '', contact: '', logoUrl: '', currency: 'INR' as const };
}
