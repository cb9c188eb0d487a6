import type { WorldlineConfig } from '@parish/shared';
import { lazy, Suspense } from 'react';

import type { PaymentFlow } from './use-payment-flow.ts';

/*
 * The payment dialogs load with the first one the member opens: a dialog (Mantine's Modal) brings
 * its scroll area and that brings Floating UI, about 18 KB a phone need not download to show the
 * dues (issue 18).
 */
const dialogs = () => import('./payment-dialogs.tsx');
const ConfirmDialog = lazy(() => dialogs().then((module) => ({ default: module.ConfirmDialog })));
const FailureDialog = lazy(() => dialogs().then((module) => ({ default: module.FailureDialog })));
const SuccessDialog = lazy(() => dialogs().then((module) => ({ default: module.SuccessDialog })));

/**
 * Starts loading the payment dialogs' code (the `member-pay` chunk, decision 0158) without waiting
 * for the render that shows one: called in the Pay press's own event, it saves that render's time
 * (a few hundred ms on a slow phone) before the request leaves. Loading twice costs nothing: the
 * browser keeps one module.
 */
export function preloadPaymentDialogs(): void {
  void dialogs();
}

/**
 * The payment flow's open dialog (`docs/domain.md`, §2 "Dialogs"): the confirm dialog with Pay,
 * the failure dialog with Try Again, or the success dialog with View Paid (`onViewPaid`, after it
 * closes) and Continue.
 */
export function PaymentFlowDialogs({
  flow,
  config,
  onViewPaid,
}: {
  flow: PaymentFlow;
  config: WorldlineConfig | undefined;
  onViewPaid: () => void;
}) {
  return (
    <Suspense fallback={null}>
      {flow.confirm ? (
        <ConfirmDialog
          request={flow.confirm}
          config={config}
          processing={flow.processing}
          onCancel={flow.cancelConfirm}
          onPay={() => void flow.pay()}
        />
      ) : null}
      {flow.failure ? (
        <FailureDialog failure={flow.failure} onClose={flow.closeFailure} onTryAgain={flow.tryAgain} />
      ) : null}
      {flow.success ? (
        <SuccessDialog
          message={flow.success.message}
          txnId={flow.success.txnId}
          onViewPaid={() => {
            flow.closeSuccess();
            onViewPaid();
          }}
          onContinue={flow.closeSuccess}
        />
      ) : null}
    </Suspense>
  );
}
