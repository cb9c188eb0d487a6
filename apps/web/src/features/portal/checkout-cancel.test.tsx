import {
  portalContracts,
  rupees,
  settingsContracts,
  whatsAppLinkContracts,
  type VerifyResult,
  type WorldlineOrder,
} from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { parishSettings, payment, pendingAnswer, sessionUser } from '../../test/fixtures.ts';
import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { CustomerPortal } from './customer-portal.tsx';
import type { PreparedCheckoutConfig, WorldlineResponse } from './worldline-checkout.ts';

/**
 * The in-page Worldline checkout's cancel or failure reaches the server at once (issue 29, decision
 * 0144): the response handler posts checkout.js's answer to `POST /api/worldline/verify-payment`
 * (the server checks its hash and asks the status API), so the Transactions tab shows Cancelled
 * without waiting for the background re-check.
 */

const member = sessionUser();
const due = payment({ id: '0b7c2f0e-8d55-4b8e-9a43-7d1f3c2a9e10', headName: 'Annual Dues 2026', amount: rupees(1500) });
const TXN = 'TXN1764379000000ABCD';

/** checkout.js's pipe string (16 fields) for our transaction with this status. */
function stringResponse(code: string, message: string, error: string): string {
  const fields = [code, message, error, TXN, '470', '1234567890', '1500.00', '{mob:9847012345}'];
  return [...fields, '29-11-2026 10:00:00', 'NA', '', '', 'BANK1', '', '', 'f'.repeat(128)].join('|');
}

/** The order the server answers: the checkout configuration with its consumer data. */
const order: WorldlineOrder = {
  txnId: TXN,
  token: 'a'.repeat(128),
  amount: rupees(1500),
  consumerId: 'SM101',
  consumerMobileNo: '9847012345',
  consumerEmailId: '',
  mode: 'live',
  checkoutScriptUrl: '',
  payments: [{ paymentId: due._id, paymentHeadId: { _id: 'h1', name: 'Annual Dues 2026' }, amount: rupees(1500) }],
  worldlineOrder: {
    tarCall: false,
    features: { enableAbortResponse: true, enableNewWindowFlow: false },
    consumerData: {
      deviceId: 'WEBSH2',
      token: 'a'.repeat(128),
      returnUrl: 'https://parish.example/api/worldline/callback',
      redirectOnClose: 'https://parish.example/customer/dashboard',
      paymentMode: 'all',
      merchantLogoUrl: '',
      merchantId: 'L123456',
      currency: 'INR',
      consumerId: 'SM101',
      consumerMobileNo: '9847012345',
      consumerEmailId: '',
      txnId: TXN,
      items: [{ itemId: 'FIRST', amount: '1500.00', comAmt: '0' }],
      cartDescription: '',
      customStyle: {},
    },
  },
};

/** Stands in for Paynimo's checkout.js: the member's answer in the page, as its response handler gets it. */
function installCheckout(answer: WorldlineResponse) {
  window.$ = {
    pnCheckout: (config: PreparedCheckoutConfig) => {
      setTimeout(() => config.consumerData.responseHandler(answer), 0);
    },
  };
}

afterEach(() => {
  delete window.$;
});

/** Opens the dashboard with one pending due and records the verify bodies. */
function openPortal(verifyAnswer: VerifyResult) {
  const verified: unknown[] = [];
  server.use(
    on(portalContracts.payments).reply(() => pendingAnswer([due])),
    on(portalContracts.transactions).reply(() => ({ items: [], total: 0 })),
    on(portalContracts.worldlineConfig).reply(() => ({
      available: true,
      mode: 'live',
      merchantId: 'L123456',
      checkoutScriptUrl: '',
      scriptUrls: [],
      currency: 'INR',
    })),
    on(settingsContracts.get).reply(parishSettings),
    on(whatsAppLinkContracts.myConsent).reply(() => ({ givenAt: null, method: null, withdrawnAt: null })),
    on(portalContracts.createOrder).reply(() => order),
    on(portalContracts.verifyPayment).reply(({ body }) => {
      verified.push(body);
      return verifyAnswer;
    }),
  );
  const view = renderScreen(<CustomerPortal />, { at: '/customer/dashboard', signedIn: member });
  return { ...view, verified };
}

async function payTheDue(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: t('portal.pending.payNowFor', { name: 'Annual Dues 2026' }) }));
  const dialog = await screen.findByRole('dialog', { name: t('portal.confirm.single') });
  await user.click(
    within(dialog).getByRole('button', {
      name: t('portal.confirm.payWith', { gateway: t('portal.confirm.gatewayName') }),
    }),
  );
}

const failedAnswer = (statusCode: string, message: string): VerifyResult => ({
  success: false,
  message,
  status: 'failed',
  statusCode,
  transactionId: TXN,
  paymentIds: [due._id],
  paymentsUpdated: 0,
  amount: rupees(1500),
});

describe("the in-page checkout's cancel and failure", () => {
  it('a cancel (0392) is posted to the server with the signed response, and the failure dialog says cancelled', async () => {
    const msg = stringResponse('0392', 'aborted', 'Transaction cancelled by user');
    installCheckout({ paymentMethod: { paymentTransaction: { statusCode: '0392' } }, stringResponse: msg });
    const { user, verified } = openPortal(failedAnswer('0392', 'Payment was cancelled by user'));
    await payTheDue(user);

    const failure = await screen.findByRole('dialog', { name: t('portal.failed.title') });
    expect(failure).toHaveTextContent(t('portal.failed.cancelled'));
    await waitFor(() => expect(verified).toHaveLength(1));
    expect(verified[0]).toMatchObject({ txnId: TXN, statusCode: '0392', msg });
  });

  it('a failure (0399) is posted too; the failure dialog keeps the gateway message', async () => {
    const msg = stringResponse('0399', 'failure', 'Transaction failed at the bank');
    installCheckout({ paymentMethod: { paymentTransaction: { statusCode: '0399' } }, stringResponse: msg });
    const { user, verified } = openPortal(failedAnswer('0399', 'Payment failed'));
    await payTheDue(user);

    expect(await screen.findByRole('dialog', { name: t('portal.failed.title') })).toBeInTheDocument();
    await waitFor(() => expect(verified).toHaveLength(1));
    expect(verified[0]).toMatchObject({ txnId: TXN, statusCode: '0399', msg });
  });

  it('the cancel still ends in the failure dialog when the server cannot be reached', async () => {
    installCheckout({ paymentMethod: { paymentTransaction: { statusCode: '0392' } } });
    const { user } = openPortal(failedAnswer('0392', 'Payment was cancelled by user'));
    server.use(on(portalContracts.verifyPayment).reply(() => Response.error()));
    await payTheDue(user);
    expect(await screen.findByRole('dialog', { name: t('portal.failed.title') })).toHaveTextContent(
      t('portal.failed.cancelled'),
    );
  });
});
