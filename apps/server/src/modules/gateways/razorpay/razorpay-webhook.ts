import { z } from 'zod';

/**
 * Razorpay webhook payloads: which events settle a transaction, and the order and payment they
 * name. The signature over the raw body is checked BEFORE a payload is read
 * (`razorpay-signature.ts`).
 */

const webhookEntity = z.object({ entity: z.object({ id: z.string(), order_id: z.string().nullish() }) });

/** The events that settle (or fail) a transaction through dual verification. */
const SETTLING_EVENTS = ['payment.captured', 'order.paid', 'payment.failed', 'payment.authorized'];

/** What a webhook names. */
export interface RazorpayWebhookNews {
  /** The Razorpay order id: the payment's `order_id`, else the order's `id`; null when neither. */
  orderId: string | null;
  /** The payment's id, when the payload has a payment entity. */
  paymentId: string | undefined;
  /** Whether the event settles the order's transaction (a settling event naming an order). */
  settles: boolean;
}

/**
 * Reads a (signature-verified) webhook body `{event, payload: {payment?: {entity}, order?: {entity}}}`.
 * Entities of another shape are ignored.
 */
export function parseRazorpayWebhook(body: {
  event: string;
  payload?: Record<string, unknown> | undefined;
}): RazorpayWebhookNews {
  const payment = webhookEntity.safeParse(body.payload?.['payment']);
  const order = webhookEntity.safeParse(body.payload?.['order']);
  const orderId =
    (payment.success ? payment.data.entity.order_id : null) ?? (order.success ? order.data.entity.id : null);
  return {
    orderId,
    paymentId: payment.success ? payment.data.entity.id : undefined,
    settles: SETTLING_EVENTS.includes(body.event) && Boolean(orderId),
  };
}
