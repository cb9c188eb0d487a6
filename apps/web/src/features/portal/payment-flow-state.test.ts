import { describe, expect, it } from 'vitest';

import { payment } from '../../test/fixtures.ts';
import {
  checkRequest,
  defaultFailureKey,
  flowReducer,
  gatewayOutcome,
  INITIAL_FLOW,
  retryRequest,
  type FlowState,
  type PaymentRequest,
} from './payment-flow-state.ts';
import { paise, rupees } from '@parish/shared';

const arrear = payment({ id: 'a', type: 'arrear', amount: rupees(1000) });
const current = payment({ id: 'c', type: 'current due', amount: rupees(1500) });
const variable = payment({ id: 'v', type: 'miscellaneous', amount: rupees(500), variable: true });
const request: PaymentRequest = { mode: 'single', payments: [arrear], totalPaise: paise(100_000), customAmounts: {} };

describe('flowReducer', () => {
  it('runs a payment from choice to success', () => {
    let state = flowReducer(INITIAL_FLOW, { type: 'confirm', request });
    expect(state).toEqual({ confirm: request, processing: false, failure: null, success: null });
    state = flowReducer(state, { type: 'process' });
    expect(state.processing).toBe(true);
    state = flowReducer(state, { type: 'checkoutOpened' });
    expect(state).toEqual({ confirm: null, processing: true, failure: null, success: null });
    state = flowReducer(state, { type: 'succeed', message: 'Paid ₹1,000.00' });
    expect(state).toEqual({
      confirm: null,
      processing: false,
      failure: null,
      success: { message: 'Paid ₹1,000.00', txnId: null },
    });
    expect(flowReducer(state, { type: 'closeSuccess' })).toEqual(INITIAL_FLOW);
  });

  it('keeps the request on a failure so Try Again reopens it', () => {
    const processing: FlowState = { confirm: request, processing: true, failure: null, success: null };
    const failed = flowReducer(processing, { type: 'fail', failure: { message: 'Cancelled', retry: request } });
    expect(failed).toEqual({
      confirm: request,
      processing: false,
      failure: { message: 'Cancelled', retry: request },
      success: null,
    });
    expect(flowReducer(failed, { type: 'tryAgain', retry: request })).toEqual({
      confirm: request,
      processing: false,
      failure: null,
      success: null,
    });
    expect(flowReducer(failed, { type: 'closeFailure' })).toEqual(INITIAL_FLOW);
  });

  it('does not close the confirm dialog while processing, but Reset does', () => {
    const processing: FlowState = { confirm: request, processing: true, failure: null, success: null };
    expect(flowReducer(processing, { type: 'cancelConfirm' })).toBe(processing);
    expect(flowReducer(processing, { type: 'reset' })).toEqual(INITIAL_FLOW);
    const idle: FlowState = { ...processing, processing: false };
    expect(flowReducer(idle, { type: 'cancelConfirm' }).confirm).toBeNull();
  });

  it('stops without an outcome when the bank has not answered yet', () => {
    const processing: FlowState = { confirm: request, processing: true, failure: null, success: null };
    expect(flowReducer(processing, { type: 'stop' })).toEqual(INITIAL_FLOW);
  });

  it('shows a failed return from the gateway without touching the rest', () => {
    const failure = {
      message: 'Payment failed',
      retry: null,
      retryIds: { mode: 'single' as const, paymentIds: ['a'] },
    };
    const state = flowReducer(INITIAL_FLOW, { type: 'returnFailed', failure });
    expect(state).toEqual({ ...INITIAL_FLOW, failure });
  });

  it('dismisses an earlier failure when a new confirm dialog opens', () => {
    const failed: FlowState = { ...INITIAL_FLOW, failure: { message: 'x', retry: null } };
    expect(flowReducer(failed, { type: 'confirm', request }).failure).toBeNull();
  });
});

describe('checkRequest', () => {
  it('ignores an empty choice', () => {
    expect(checkRequest('selected', [], {}, false)).toEqual({ kind: 'none' });
  });

  it('refuses a current due while arrears block it (arrears first)', () => {
    expect(checkRequest('selected', [arrear, current], {}, true)).toEqual({ kind: 'arrearsFirst' });
    expect(checkRequest('arrears', [arrear, variable], {}, true).kind).toBe('ok');
  });

  it('refuses an entered amount that is not rupees', () => {
    expect(checkRequest('single', [variable], { v: '10.001' }, false)).toEqual({ kind: 'invalidAmount' });
  });

  it('totals the request with the custom amounts', () => {
    expect(checkRequest('selected', [arrear, current, variable], { v: '750' }, false)).toEqual({
      kind: 'ok',
      request: {
        mode: 'selected',
        payments: [arrear, current, variable],
        totalPaise: 100_000 + 150_000 + 75_000,
        customAmounts: { v: '750.00' },
      },
    });
  });
});

describe('gatewayOutcome and defaultFailureKey', () => {
  it.each([
    ['0300', 'verify'],
    ['0398', 'pending'],
    ['0396', 'pending'],
    ['0392', 'cancelled'],
    ['0399', 'failed'],
    ['0401', 'unknown'],
    ['', 'unknown'],
  ])('status code %j is %s', (code, outcome) => {
    expect(gatewayOutcome(code)).toBe(outcome);
  });

  it('words the failure by the dialog that started the payment', () => {
    expect(defaultFailureKey('arrears')).toBe('portal.failed.arrears');
    expect(defaultFailureKey('selected')).toBe('portal.failed.multiple');
    expect(defaultFailureKey('single')).toBe('portal.failed.single');
    expect(defaultFailureKey(undefined)).toBe('portal.failed.single');
  });
});

describe('retryRequest', () => {
  it('offers again the stored payments still pending, at their due amounts', () => {
    expect(retryRequest('selected', ['v', 'gone'], [arrear, variable])).toEqual({
      mode: 'selected',
      payments: [variable],
      totalPaise: 50_000,
      customAmounts: {},
    });
  });

  it('offers nothing when none is pending any more', () => {
    expect(retryRequest('single', ['gone'], [arrear])).toBeNull();
  });
});
