import { createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
  razorpayCheckoutSignature,
  verifyRazorpayCheckoutSignature,
  verifyRazorpayWebhookSignature,
} from './razorpay-signature.ts';

// Vector from `docs/domain.md`, §10 "Test vectors" ("B: HMAC-SHA256(...)").
const VECTOR = 'bbdee41459054f6743ebcf50753395e606531ba7529a71a9b4e9e798665d70d9';

describe('Razorpay checkout signature (B.3)', () => {
  it('matches the published vector', () => {
    expect(razorpayCheckoutSignature('order_TEST123', 'pay_TEST456', 'dummy_key_secret')).toBe(VECTOR);
    expect(verifyRazorpayCheckoutSignature('order_TEST123', 'pay_TEST456', VECTOR, 'dummy_key_secret')).toBe(true);
  });

  it('refuses a changed character, another order (replay), another secret', () => {
    const changed = `${VECTOR.slice(0, -1)}0`;
    expect(verifyRazorpayCheckoutSignature('order_TEST123', 'pay_TEST456', changed, 'dummy_key_secret')).toBe(false);
    expect(verifyRazorpayCheckoutSignature('order_OTHER', 'pay_TEST456', VECTOR, 'dummy_key_secret')).toBe(false);
    expect(verifyRazorpayCheckoutSignature('order_TEST123', 'pay_TEST456', VECTOR, 'other')).toBe(false);
    expect(verifyRazorpayCheckoutSignature('order_TEST123', 'pay_TEST456', '', 'dummy_key_secret')).toBe(false);
  });
});

describe('Razorpay webhook signature (B.4)', () => {
  const raw = '{"event":"payment.captured","payload":{}}';
  const signature = createHmac('sha256', 'whsec').update(raw).digest('hex');

  it('accepts the HMAC of the raw bytes, refuses re-serialised JSON (PG-08)', () => {
    expect(verifyRazorpayWebhookSignature(Buffer.from(raw), signature, 'whsec')).toBe(true);
    const reserialised = JSON.stringify(JSON.parse(raw), null, 1);
    expect(verifyRazorpayWebhookSignature(Buffer.from(reserialised), signature, 'whsec')).toBe(false);
    expect(verifyRazorpayWebhookSignature(Buffer.from(raw), signature, 'other')).toBe(false);
  });
});
