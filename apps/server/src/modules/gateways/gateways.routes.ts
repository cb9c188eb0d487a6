import type { FastifyInstance } from 'fastify';

import { sandboxModeOn } from '../../config/gateways.ts';
import { razorpayNewsRoutes, razorpayRoutes } from './razorpay.routes.ts';
import { addFormBodyParser } from './request-bodies.ts';
import { sandboxPlugin } from './sandbox/sandbox.plugin.ts';
import { worldlineRoutes } from './worldline.routes.ts';

/**
 * Online payment (`docs/ARCHITECTURE.md`, "Payment gateways"): the Worldline (gateway B) and
 * Razorpay (gateway A) routes, live or sandbox, and the sandbox gateways while sandbox mode is on.
 * The background re-check of pending transactions is a worker (`workers/gateway-recheck.ts`).
 */
export async function gatewaysRoutes(app: FastifyInstance): Promise<void> {
  // Gateways and the sandbox bank pages post HTML forms (the return URL, Razorpay's callback).
  addFormBodyParser(app);
  if (sandboxModeOn(app.config)) await app.register(sandboxPlugin);
  await app.register(worldlineRoutes);
  await app.register(razorpayRoutes);
  await app.register(razorpayNewsRoutes);
}
