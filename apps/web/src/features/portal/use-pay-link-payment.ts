import { formatINR, rupeesToPaise, type PayView } from '@parish/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { createPayLinkOrder } from './pay-link-api.ts';
import { verifyWorldlinePayment } from './verify-payment.ts';
import { openCheckout, verifyBodyFromResponse, waitForSdk } from './worldline-checkout.ts';

/** The payments one click pays: the arrears while any are pending (docs/domain.md, §4 "Arrears first"), else all. */
export function payable(view: PayView): PayView['items'] {
  return view.arrearsBlocking ? view.items.filter((item) => item.type === 'arrear') : view.items;
}

/** The payment link's Pay button: running, its failure, its success message, and the click. */
export interface PayLinkPayment {
  busy: boolean;
  /** Why the payment failed, when it did. */
  problem: string | null;
  /** The success message, once the server verified the payment. */
  done: string | null;
  /** Pays the {@link payable} payments of `view`. */
  pay: (view: PayView) => Promise<void>;
}

/**
 * Pay on a payment link's page (docs/domain.md, §9 "Payment links without a password"): waits for
 * the Worldline SDK, creates the order through the link (`createPayLinkOrder`), opens the checkout
 * and has the server verify its answer; the view is refetched after the verification.
 * @param mobile the link's mobile
 * @param token the link's token
 * @param refetch reloads the link's view
 */
export function usePayLinkPayment(mobile: string, token: string, refetch: () => unknown): PayLinkPayment {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function pay(data: PayView) {
    const items = payable(data);
    setBusy(true);
    setProblem(null);
    try {
      const checkout = await waitForSdk(t('portal.errors.sdkNotLoaded'));
      const order = await createPayLinkOrder(mobile, token, { paymentIds: items.map((item) => item._id) });
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
            .then((result) => {
              if (result.success)
                setDone(
                  t('portal.success.messageTxn', {
                    amount: formatINR(rupeesToPaise(order.amount)),
                    txnId: order.txnId,
                  }),
                );
              else setProblem(result.message);
              void refetch();
            })
            .catch((error: unknown) => setProblem(errorText(error)))
            .finally(() => setBusy(false));
        },
        t('portal.errors.consumerDataMissing'),
      );
    } catch (error) {
      setProblem(t('whatsapp.pay.failed', { reason: errorText(error) }));
      setBusy(false);
    }
  }

  return { busy, problem, done, pay };
}
