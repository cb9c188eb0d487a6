import {
  collectPaymentInputSchema,
  paiseToRupees,
  rupeesToPaise,
  type CollectPaymentInput,
  type Paise,
  type PaymentRecord,
  type Rupees,
} from '@parish/shared';
import { describe, expect, it } from 'vitest';

import type { payments } from '../../../src/db/schema/index.ts';
import type { MarkPaidInput } from '../../../src/modules/payments/ledger/mark-paid.ts';
import type { ReceiptLine } from '../../../src/modules/payments/ledger/receipts.ts';

/**
 * Money is integer paise inside and rupees only at the HTTP edges (`docs/domain.md`, §7
 * "Conventions"). The server's money paths carry {@link Paise} (database columns, `markPaid`'s
 * lines, receipts, refunds, orders, day sheets, reports) and the wire schemas carry {@link Rupees}
 * (validated bodies and the answers' amounts), so handing one where the other is expected fails to
 * typecheck. The `@ts-expect-error` lines below are checked by `tsc -p apps/server` (npm run
 * typecheck): if a unit stopped being enforced, the directive would be unused and tsc would fail.
 */
describe('rupees and paise do not mix (checked by tsc)', () => {
  it('a validated wire amount must be converted before it becomes a receipt line', () => {
    const body: CollectPaymentInput = collectPaymentInputSchema.parse({ collectionAmount: 1500.5 });
    const wire: Rupees = body.collectionAmount;
    // @ts-expect-error rupees from the request where markPaid expects paise
    const wrong: ReceiptLine = { paymentId: 'p', amountPaise: body.collectionAmount };
    const line: ReceiptLine = { paymentId: 'p', amountPaise: rupeesToPaise(wire) };
    const lines: MarkPaidInput['lines'] = [line];
    expect(lines[0]?.amountPaise).toBe(150_050);
    expect(wrong.amountPaise).toBe(1500.5);
  });

  it('an amount read from the database must be converted before it goes into an answer', () => {
    const row: Pick<typeof payments.$inferSelect, 'amountPaise' | 'paidAmountPaise'> = {
      amountPaise: 150_050,
      paidAmountPaise: null,
    };
    // @ts-expect-error paise from the database in the answer's rupee field
    const wrong: Pick<PaymentRecord, 'amount'> = { amount: row.amountPaise };
    const answer: Pick<PaymentRecord, 'amount' | 'paidAmount'> = {
      amount: paiseToRupees(row.amountPaise),
      paidAmount: row.paidAmountPaise === null ? null : paiseToRupees(row.paidAmountPaise),
    };
    expect(answer).toEqual({ amount: 1500.5, paidAmount: null });
    expect(wrong.amount).toBe(150_050);
  });

  it('the conversions take only their own unit', () => {
    const inPaise: Paise = 150_050;
    const inRupees: Rupees = 1500.5;
    // @ts-expect-error paise given to the rupee -> paise conversion
    rupeesToPaise(inPaise);
    // @ts-expect-error rupees given to the paise -> rupee conversion
    paiseToRupees(inRupees);
    // @ts-expect-error a converted rupee amount where paise are expected
    const wrong: Paise = paiseToRupees(inPaise);
    expect(rupeesToPaise(paiseToRupees(inPaise))).toBe(inPaise);
    expect(wrong).toBe(inRupees);
  });
});
