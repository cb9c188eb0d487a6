import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay signatures (`docs/domain.md`, §10 "Razorpay signatures" and "Razorpay webhooks"): hex
 * HMAC-SHA256, compared in constant time (the official SDK's helpers use `===`).
 */

/** Hex HMAC-SHA256 of `message` keyed with `secret`. */
export function hmacSha256Hex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of two hex strings (false when lengths differ). */
export function hexEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The Standard Checkout signature (`docs/domain.md`, §10 "Razorpay signatures"):
 * HMAC-SHA256(`order_id + "|" + payment_id`, key secret). Pass the order id WE stored, never the
 * one the browser sent.
 */
export function razorpayCheckoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

/** Whether `signature` is the checkout signature of the stored order id and the payment id. */
export function verifyRazorpayCheckoutSignature(
  storedOrderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  return hexEquals(razorpayCheckoutSignature(storedOrderId, paymentId, keySecret), signature.trim());
}

/**
 * Whether `X-Razorpay-Signature` is the HMAC-SHA256 of the RAW body bytes with the webhook secret
 * (`docs/domain.md`, §10 "Razorpay webhooks").
 */
export function verifyRazorpayWebhookSignature(rawBody: Buffer | string, signature: string, secret: string): boolean {
  return hexEquals(hmacSha256Hex(secret, rawBody), signature.trim());
}
