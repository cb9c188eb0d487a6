/*
 * The gateway texts in a module of their own, without zod (decision 0141): the member's first load
 * shows them through the web's catalogue (`portal.gateway`, `gatewayText`) and must not pull in the
 * schemas of ./schemas/gateways.ts with them (decision 0042's budget).
 */

/**
 * The product's gateway and customer-payment texts (`docs/domain.md`, §5 "Error and outcome
 * messages", "Gateway checks", "Callback parameters" and §4 "Arrears first") and the server's own
 * answers.
 */
export const GATEWAY_MSG = {
  /** `docs/domain.md`, §5 "Error and outcome messages". */
  paymentFailed: 'Payment failed',
  /** `docs/domain.md`, §5 "Error and outcome messages"; Worldline status 0392 (aborted by user). */
  cancelledByUser: 'Payment was cancelled by user',
  /** `docs/domain.md`, §5 "Error and outcome messages". */
  invalidResponse: 'Invalid response format from payment gateway',
  /** `docs/domain.md`, §5 "Error and outcome messages". */
  createOrderFailed: 'Failed to create payment order',
  /** `docs/domain.md`, §5 "Error and outcome messages". */
  headNotFound: 'Payment head not found',
  /** `docs/domain.md`, §5 "Error and outcome messages", an unsuccessful verify without a server message. */
  verifyFailedFallback: 'Payment failed. Please try again or contact support.',
  /** `docs/domain.md`, §5 "Gateway checks": the checkout script did not load. */
  sdkNotLoaded: 'Worldline Paynimo SDK not loaded. Please refresh the page and try again.',
  /** `docs/domain.md`, §5 "Gateway checks": the order lacks consumer data. */
  consumerDataMissing: 'Invalid payment request structure - consumerData is missing',
  /** `docs/domain.md`, §5 "Callback parameters": no transaction id in the return parameters. */
  missingTransactionId:
    'Invalid payment response. Missing transaction ID. Please contact support with this information.',
  /** `docs/domain.md`, §4 "Arrears first" (title 'Arrears Must Be Paid First'). */
  arrearsFirst: 'You need to clear your arrears before paying current dues.',
  /** Verified and settled (status 0300 confirmed by the gateway's status API). */
  paymentSuccessful: 'Payment successful',
  /** 0398/0396/0397, or the status API did not answer: stays pending and is re-checked. */
  paymentPending: 'Your payment is being confirmed with the bank. The status will update shortly.',
  /** 400: an order without payments. */
  noPayments: 'Please select at least one payment to pay',
  /** 409: a payment in the order is already paid. */
  alreadyPaid: 'This payment has already been paid',
  /** 409: another checkout of the member holds one of the payments and is less than 30 minutes old. */
  checkoutInProgress:
    'A payment for these dues is already in progress. Please finish it or try again in a few minutes.',
  /**
   * 400: a custom amount that is not a rupee amount (`docs/domain.md`, §5 "Variable-amount
   * payment", title Invalid Amount).
   */
  invalidAmount: 'Please enter a valid amount',
  /** 400: the gateway response's hash or signature does not verify. */
  hashMismatch: 'Payment verification failed (hash validation failed). Please contact support.',
  /** Recorded, not paid: the verified amount differs from the order's. */
  amountMismatch: 'Paid amount does not match the order amount. Please contact support.',
  /** 404: no such transaction of the caller. */
  transactionNotFound: 'Transaction not found',
  /** 503: the gateway is not configured (live credentials missing for one of the two). */
  gatewayUnavailable: 'Payment gateway not available. Please try again later.',
  /** Recorded on the transaction when money arrived for a payment already paid otherwise. */
  paidTwice: 'Money received for a payment that was already paid by other means; a refund is needed',
  /**
   * Recorded on the transaction when money arrived for a due whose amount changed after its checkout
   * failed (the refunds queue's reason `due_changed`, decision 0113): not paid, a refund is needed.
   */
  dueChanged: 'Money received for a due whose amount changed after this checkout began; a refund is needed',
  /** 503: the gateway is off: no credentials and no sandbox (`docs/domain.md`, §10 "Payment mode"). */
  paymentsOff: 'Online payment is not available yet. Please pay at the parish office.',
  /**
   * A Razorpay payment authorized for dues already paid otherwise is not captured; Razorpay returns
   * it to the member by itself (decision 0120). Recorded on the failed transaction.
   */
  notCaptured: 'These dues were already paid, so this payment was not captured: Razorpay returns the money by itself.',
  /** 409: a new order found that the member's earlier checkout for these dues was paid after all. */
  earlierCheckoutPaid: 'Your earlier payment for these dues went through. They are now paid.',
} as const;

/** `docs/domain.md`, §5 "Error and outcome messages": 'Unknown payment status: {code} - {message}'. */
export const unknownPaymentStatusMessage = (code: string, message: string) =>
  `Unknown payment status: ${code} - ${message}`;
