import { describe, expect, it } from 'vitest';

import { readReturnOutcome } from '../use-payment-return.ts';
import { verifyBodyFromResponse } from '../worldline-checkout.ts';
import { payLinkDoneTarget, readCallbackParams, reportedOutcome, successTarget } from './callback-params.ts';

describe('readCallbackParams', () => {
  it('reads the return parameters from the query', () => {
    const params = readCallbackParams(
      '?txn_id=TXN123&txn_status=success&status_code=0300&status_message=OK&transaction_id=PG9&amount=1500.00&hash=abc',
      '',
    );
    expect(params).toEqual({
      txnId: 'TXN123',
      status: 'success',
      statusCode: '0300',
      statusMessage: 'OK',
      transactionId: 'PG9',
      amount: '1500.00',
      hash: 'abc',
      reason: null,
    });
  });

  it('takes the other names and the hash (#a=1 or #/?a=1), the query first', () => {
    const params = readCallbackParams(
      '?clnt_txn_ref=Q1',
      '#/?clnt_txn_ref=H1&txn_msg=Declined&tpsl_txn_id=T7&txn_amt=99',
    );
    expect(params.txnId).toBe('Q1');
    expect(params.statusMessage).toBe('Declined');
    expect(params.transactionId).toBe('T7');
    expect(params.amount).toBe('99');
    expect(readCallbackParams('', '#txn_id=H2&error=Hash%20mismatch').reason).toBe('Hash mismatch');
  });

  it('treats empty values as absent', () => {
    expect(readCallbackParams('?txn_id=&clnt_txn_ref=R2', '').txnId).toBe('R2');
    expect(readCallbackParams('', '').txnId).toBeNull();
  });
});

describe('reportedOutcome', () => {
  const base = readCallbackParams('', '');
  it('is success for 0300 or a success status, pending for 0398, else failed', () => {
    expect(reportedOutcome({ ...base, statusCode: '0300' })).toBe('success');
    expect(reportedOutcome({ ...base, status: 'SUCCESS' })).toBe('success');
    expect(reportedOutcome({ ...base, status: '0300' })).toBe('success');
    expect(reportedOutcome({ ...base, status: '0398' })).toBe('pending');
    expect(reportedOutcome({ ...base, statusCode: '0399', status: 'failure' })).toBe('failed');
    expect(reportedOutcome(base)).toBe('failed');
  });
});

describe('successTarget', () => {
  it('sends a signed-in member to the dashboard with the outcome in the query', () => {
    expect(successTarget('TXN 1', '1500.00', true)).toBe(
      '/customer/dashboard?payment=success&txn_id=TXN+1&gateway=worldline&amount=1500.00',
    );
    expect(successTarget('T2', null, true)).toBe('/customer/dashboard?payment=success&txn_id=T2&gateway=worldline');
  });

  it('sends anyone else home', () => {
    expect(successTarget('TXN 1', '1500.00', false)).toBe('/?payment=success&txn=TXN%201');
  });
});

describe('readReturnOutcome', () => {
  it('reads the dashboard return query', () => {
    expect(readReturnOutcome('?payment=success&txn_id=T1&amount=1500&gateway=worldline')).toEqual({
      payment: 'success',
      txnId: 'T1',
      amount: '1500',
      message: null,
    });
  });

  it('takes status for payment, failure and error as failed, error for message', () => {
    expect(readReturnOutcome('?status=failure&error=Declined')).toEqual({
      payment: 'failed',
      txnId: null,
      amount: null,
      message: 'Declined',
    });
    expect(readReturnOutcome('?payment=error')?.payment).toBe('failed');
  });

  it('is null without a known outcome', () => {
    expect(readReturnOutcome('?tab=paid')).toBeNull();
    expect(readReturnOutcome('?payment=maybe')).toBeNull();
  });
});

describe('verifyBodyFromResponse', () => {
  it('splits the checkout pipe string into the verify request', () => {
    const fields = [
      '0300',
      'success',
      'Transaction OK',
      'TXN42',
      '',
      'PG77',
      '1500.00',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'HASH',
    ];
    const body = verifyBodyFromResponse('ours', { stringResponse: fields.join('|') });
    expect(body).toEqual({
      txnId: 'TXN42',
      status: 'success',
      statusCode: '0300',
      statusMessage: 'Transaction OK',
      transactionId: 'PG77',
      amount: '1500.00',
      hash: 'HASH',
      msg: fields.join('|'),
    });
  });

  it('falls back to the payment method fields and our transaction id', () => {
    const body = verifyBodyFromResponse('ours', {
      paymentMethod: { paymentTransaction: { statusCode: '0392', statusMessage: 'Cancelled', identifier: 'PG1' } },
    });
    expect(body).toEqual({
      txnId: 'ours',
      status: 'Cancelled',
      statusCode: '0392',
      statusMessage: '',
      transactionId: 'PG1',
      amount: '',
      hash: '',
    });
  });
});

describe('payLinkDoneTarget (decision 0140)', () => {
  const payLink = `/pay/919847012345/${'a'.repeat(32)}-0-abc-${'B'.repeat(43)}`;
  it("lands a payment a link started on that link's confirmation page, never the landing page", () => {
    expect(payLinkDoneTarget({ txnId: 'TXN 1', payLink }, 'TXN 1')).toBe(`${payLink}/done?txn=TXN%201`);
  });

  it('is none for a portal payment, another transaction, or a stored path that is not a link', () => {
    expect(payLinkDoneTarget({ txnId: 'T1' }, 'T1')).toBeNull();
    expect(payLinkDoneTarget({ txnId: 'T1', payLink }, 'T2')).toBeNull();
    expect(payLinkDoneTarget({ txnId: 'T1', payLink }, null)).toBeNull();
    expect(payLinkDoneTarget(null, 'T1')).toBeNull();
    for (const bad of ['https://evil.example/pay/919847012345/x', '//evil.example', '/customer/dashboard'])
      expect(payLinkDoneTarget({ txnId: 'T1', payLink: bad }, 'T1')).toBeNull();
  });
});
