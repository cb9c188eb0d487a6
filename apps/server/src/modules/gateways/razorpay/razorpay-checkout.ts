import type { GatewayMode, RazorpayOrder } from '@parish/shared';

import type { RazorpaySettings } from '../../../config/gateways.ts';
import type { GatewayOrder } from '../gateway.ts';
import type { RazorpayOrderEntity } from './razorpay-api.ts';

/** What the browser needs to open Razorpay's Standard Checkout for one order (amounts in paise). */
export interface RazorpayCheckout {
  mode: GatewayMode;
  checkoutScriptUrl: string;
  /** The Razorpay order (amount in paise; receipt = our txnId). */
  order: RazorpayOrder['order'];
  /** The `new Razorpay(options)` argument (amount in paise). */
  checkout: RazorpayOrder['checkout'];
}

/**
 * The Standard Checkout of a created Razorpay order: key id, amount in paise, the order id, the
 * description (the head's name, or "N payments"), the member's prefill, `notes.txnId`, and the
 * callback URL `{publicUrl}/api/razorpay/callback` with `redirect: true`.
 */
export function razorpayCheckout(
  settings: RazorpaySettings,
  publicUrl: string,
  order: GatewayOrder,
  created: RazorpayOrderEntity,
): RazorpayCheckout {
  const { txnId, lines, member } = order;
  const description = lines.length === 1 ? (lines[0]?.headName ?? 'Parish dues') : `${lines.length} payments`;
  return {
    mode: settings.mode,
    checkoutScriptUrl: settings.checkoutScriptUrl,
    order: {
      id: created.id,
      amount: created.amount,
      currency: created.currency,
      receipt: created.receipt ?? txnId,
      status: created.status,
    },
    checkout: {
      key: settings.keyId,
      amount: order.amountPaise,
      currency: 'INR' as const,
      order_id: created.id,
      name: 'Parish dues',
      description,
      prefill: { name: member.name, email: member.email ?? '', contact: member.mobile },
      notes: { txnId },
      callback_url: `${publicUrl}/api/razorpay/callback`,
      redirect: true,
    },
  };
}
