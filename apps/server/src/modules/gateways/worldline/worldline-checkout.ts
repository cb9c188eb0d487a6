import { formatPaisePlain, type GatewayMode, type WorldlineCheckoutConfig } from '@parish/shared';

import type { WorldlineSettings } from '../../../config/gateways.ts';
import type { GatewayOrder } from '../gateway.ts';
import { worldlineRequestToken } from './worldline-hash.ts';

/** What the browser needs to start Worldline's checkout.js for one order. */
export interface WorldlineCheckout {
  /** The SHA-512 request token (`consumerData.token`). */
  token: string;
  consumerId: string;
  consumerMobileNo: string;
  consumerEmailId: string;
  mode: GatewayMode;
  checkoutScriptUrl: string;
  /** The `$.pnCheckout(config)` argument (amount as rupee text in `items[0].amount`). */
  worldlineOrder: WorldlineCheckoutConfig;
}

const FEATURES = {
  showPGResponseMsg: true,
  enableAbortResponse: true,
  enableExpressPay: false,
  enableNewWindowFlow: false,
  enableMerTxnDetails: true,
  enableInstrumentDeRegistration: false,
  hideSavedInstruments: false,
  separateCardMode: false,
  payWithSavedInstrument: false,
  enableSI: false,
  siDetailsAtMerchantEnd: false,
  hideSIDetails: true,
  hideSIConfirmation: true,
  expandSIDetails: false,
  enableDebitDay: false,
  showSIResponseMsg: false,
  showSIConfirmation: false,
  enableTxnForNonSICards: false,
  showAllModesWithSI: false,
};

const CUSTOM_STYLE = {
  PRIMARY_COLOR_CODE: '#1971c2',
  SECONDARY_COLOR_CODE: '#FFFFFF',
  BUTTON_COLOR_CODE_1: '#1971c2',
  BUTTON_COLOR_CODE_2: '#FFFFFF',
};

/**
 * The checkout of a Worldline order: the consumer fields (parish number, the mobile's last 10
 * digits, the e-mail unless it contains `|`), the request token over the amount as rupee text
 * (`formatPaisePlain(order.amountPaise)`, the same string as `items[0].amount`), and the
 * checkout.js configuration whose return URL is `{publicUrl}/api/worldline/callback`.
 * @throws Error when a hashed value contains `|` (see `worldlineRequestString`).
 */
export function worldlineCheckout(
  settings: WorldlineSettings,
  publicUrl: string,
  order: GatewayOrder,
): WorldlineCheckout {
  const { txnId, member } = order;
  const amountText = formatPaisePlain(order.amountPaise);
  const consumerId = member.parishNumber;
  const consumerMobileNo = member.mobile.slice(-10);
  const consumerEmailId = member.email && !member.email.includes('|') ? member.email : '';
  const token = worldlineRequestToken(
    { merchantId: settings.merchantId, txnId, totalAmount: amountText, consumerId, consumerMobileNo, consumerEmailId },
    settings.salt,
  );
  return {
    token,
    consumerId,
    consumerMobileNo,
    consumerEmailId,
    mode: settings.mode,
    checkoutScriptUrl: settings.checkoutScriptUrl,
    worldlineOrder: {
      tarCall: false,
      features: { ...FEATURES },
      consumerData: {
        deviceId: 'WEBSH2' as const,
        token,
        returnUrl: `${publicUrl}/api/worldline/callback`,
        redirectOnClose: `${publicUrl}/customer/dashboard`,
        paymentMode: 'all',
        merchantLogoUrl: '',
        merchantId: settings.merchantId,
        currency: 'INR' as const,
        consumerId,
        consumerMobileNo,
        consumerEmailId,
        txnId,
        items: [{ itemId: settings.schemeCode, amount: amountText, comAmt: '0' }],
        cartDescription: '',
        customStyle: { ...CUSTOM_STYLE },
      },
    },
  };
}
