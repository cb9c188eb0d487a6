import {
  collectPaymentInputSchema,
  paise,
  paiseOfSum,
  paiseToRupees,
  rupees,
  rupeesToPaise,
  type CollectPaymentInput,
  type Paise,
  type PaymentRecord,
  type Rupees,
} from '@parish/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../../../src/db/client.ts';
import { paymentHeads, payments } from '../../../src/db/schema/index.ts';
import type { MarkPaidInput } from '../../../src/modules/payments/ledger/mark-paid.ts';
import type { ReceiptLine } from '../../../src/modules/payments/ledger/receipts.ts';
import { createTestApp, type TestApp } from '../../helpers.ts';

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
      amountPaise: paise(150_050),
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

  it('a plain number is neither paise nor rupees: it needs an explicit conversion', () => {
    const typed = 150_050;
    // @ts-expect-error a plain number where paise are expected
    const wrongPaise: Paise = typed;
    // @ts-expect-error a plain number where rupees are expected
    const wrongRupees: Rupees = 1500.5;
    // @ts-expect-error a plain number as a receipt line's amount
    const wrongLine: ReceiptLine = { paymentId: 'p', amountPaise: typed };
    // @ts-expect-error the sum of two amounts is a plain number until it is branded again
    const wrongSum: Paise = paise(typed) + paise(typed);
    const line: ReceiptLine = { paymentId: 'p', amountPaise: paise(typed) };
    expect([wrongPaise, wrongRupees, wrongLine.amountPaise, wrongSum]).toEqual([150_050, 1500.5, 150_050, 300_100]);
    expect(line.amountPaise).toBe(150_050);
    expect(rupees(1500.5)).toBe(1500.5);
  });

  it('the conversions take only their own unit', () => {
    const inPaise: Paise = paise(150_050);
    const inRupees: Rupees = rupees(1500.5);
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

/**
 * The database edge: the paise columns are typed `Paise` (Drizzle's `.$type<Paise>()`), so a row
 * comes out branded and an insert or update must pass `Paise`, and a SQL sum is read with
 * `paiseOfSum`. Checked by tsc (the directives) and against a real database (the values).
 */
describe('paise columns (checked by tsc and against the database)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  /** Never called: the statements tsc must refuse, each on one line so the directive covers it. */
  function refusedByTsc(db: Db) {
    // @ts-expect-error a plain number into a paise column
    void db.insert(paymentHeads).values({ name: 'Fund', amountPaise: 150_000, type: 'arrear', year: 2026 });
    // @ts-expect-error rupees into a paise column
    void db.insert(paymentHeads).values({ name: 'Fund', amountPaise: rupees(1500), type: 'arrear', year: 2026 });
    // @ts-expect-error a plain number set on a paise column
    void db.update(payments).set({ paidAmountPaise: 150_000 });
  }

  it('an insert takes Paise and the row comes back as Paise', async () => {
    expect(typeof refusedByTsc).toBe('function');
    const [head] = await t.db
      .insert(paymentHeads)
      .values({ name: 'Hall Fund', amountPaise: paise(150_050), type: 'miscellaneous', year: 2026 })
      .returning();
    const read: Paise = head!.amountPaise;
    expect(read).toBe(150_050);
    const [again] = await t.db.select().from(paymentHeads).where(eq(paymentHeads.id, head!.id));
    expect(paiseToRupees(again!.amountPaise)).toBe(1500.5);
  });

  it('a SQL sum (numeric text on PostgreSQL, a number on PGlite) is read with paiseOfSum', async () => {
    const [row] = await t.db
      .select({ total: sql<unknown>`sum(${paymentHeads.amountPaise})` })
      .from(paymentHeads)
      .where(eq(paymentHeads.name, 'Hall Fund'));
    const total: Paise = paiseOfSum(row?.total);
    expect(total).toBe(150_050);
    const [none] = await t.db
      .select({ total: sql<unknown>`sum(${paymentHeads.amountPaise})` })
      .from(paymentHeads)
      .where(eq(paymentHeads.name, 'No such head'));
    expect(paiseOfSum(none?.total)).toBe(0);
  });
});
