import { z } from 'zod';

import { GATEWAY_MODES } from './gateways.ts';

/** Each gateway's payment mode (`docs/domain.md`, §10 "Payment mode"). */
export const paymentModesSchema = z.object({
  worldline: z.enum(GATEWAY_MODES),
  razorpay: z.enum(GATEWAY_MODES),
});
/** The gateways' modes. */
export type PaymentModes = z.infer<typeof paymentModesSchema>;

/** `GET /api/health` while the database answers (200). */
export const healthOkSchema = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  version: z.string(),
  payments: paymentModesSchema,
  /** The latest backup's time (ISO UTC), or null when none was taken (`docs/deploy.md`, "Backups"). */
  lastBackupAt: z.string().nullable(),
});

/**
 * `GET /api/health` when the database does not answer (503, with `Retry-After`): the error
 * contract's fields (`docs/ARCHITECTURE.md`, "Error contract") beside the health fields.
 */
export const healthErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('UNAVAILABLE'),
  status: z.literal('error'),
  db: z.literal('error'),
  version: z.string(),
  payments: paymentModesSchema,
});

/**
 * Whether any gateway takes test money, in sandbox mode or with test credentials (decision 0119):
 * every screen then shows "Test payments: no real money".
 */
export function sandboxPayments(modes: PaymentModes): boolean {
  return [modes.worldline, modes.razorpay].some((mode) => mode === 'sandbox' || mode === 'test');
}
