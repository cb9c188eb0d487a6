import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { errorText } from '../../lib/error-text.ts';
import { payLinkDoneTarget } from './callback/callback-params.ts';
import { createPayLinkOrder } from './pay-link-api.ts';
import type { PayLinkPayment } from './pay-link-selection.ts';
import { verifyWorldlinePayment } from './verify-payment.ts';
import { openCheckout, savePaymentContext, verifyBodyFromResponse, waitForSdk } from './worldline-checkout.ts';

/** The payment link's Pay button: running, its failure, and the click. */
export interface PayLinkPaying {
  busy: boolean;
  /** Why the payment could not start, when it could not. */
  problem: string | null;
  /** Pays the chosen dues with the amounts typed (`customAmounts`, rupee strings). */
  pay: (chosen: readonly PayLinkPayment[], customAmounts: Record<string, string>) => Promise<void>;
}

/**
 * Pay on a payment link's page (docs/domain.md, §9 "Payment links without a password"; decision
 * 0140): waits for the Worldline SDK, creates the order through the link (`createPayLinkOrder`,
 * the chosen dues and amounts, checked again by the server), keeps the payment context with the
 * link's path so the gateway's return lands on the link's confirmation page, and opens the
 * checkout. When checkout.js answers in the page, the server verifies it and the page goes to the
 * same confirmation page.
 * @param mobile the link's mobile
 * @param token the link's token
 * @param firstName the member's first name (the context's name)
 */
export function usePayLinkPayment(mobile: string, token: string, firstName: string): PayLinkPaying {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const payLink = `/pay/${mobile}/${token}`;

  async function pay(chosen: readonly PayLinkPayment[], customAmounts: Record<string, string>) {
    setBusy(true);
    setProblem(null);
    try {
      const checkout = await waitForSdk(t('portal.errors.sdkNotLoaded'));
      const paymentIds = chosen.map((payment) => payment._id);
      const order = await createPayLinkOrder(mobile, token, {
        paymentIds,
        ...(Object.keys(customAmounts).length > 0 ? { customAmounts } : {}),
      });
      const context = {
        paymentIds,
        txnId: order.txnId,
        amount: order.amount,
        memberName: firstName,
        count: paymentIds.length,
        mode: 'selected' as const,
        payLink,
        ...(chosen.length === 1 && chosen[0] ? { headName: chosen[0].headName } : {}),
      };
      savePaymentContext(context);
      const done = payLinkDoneTarget(context, order.txnId) ?? payLink;
      openCheckout(
        checkout,
        order,
        (response) => {
          const body = verifyBodyFromResponse(order.txnId, response);
          void verifyWorldlinePayment(body, {
            timeout: t('portal.callback.verifyTimeout'),
            notFound: t('portal.callback.verifyNotFound'),
            fallback: t('portal.callback.processFailed'),
          })
            .catch(() => undefined)
            .finally(() => void navigate(done));
        },
        t('portal.errors.consumerDataMissing'),
      );
    } catch (error) {
      setProblem(t('whatsapp.pay.failed', { reason: errorText(error) }));
      setBusy(false);
    }
  }

  return { busy, problem, pay };
}
