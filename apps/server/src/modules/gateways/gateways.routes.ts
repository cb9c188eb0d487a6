import type { FastifyInstance } from 'fastify';

import { sandboxModeOn } from '../../config/gateways.ts';
import { razorpayNewsRoutes, razorpayRoutes } from './razorpay.routes.ts';
import { startGatewayRecheck } from './recheck-timer.ts';
import { addFormBodyParser } from './request-bodies.ts';
import { sandboxPlugin } from './sandbox/sandbox.plugin.ts';
import { worldlineRoutes } from './worldline.routes.ts';

/**
 * Online payment (`docs/ARCHITECTURE.md`, "Payment gateways"): the Worldline (gateway B) and
 * Razorpay (gateway A) routes, live or sandbox, the sandbox gateways while sandbox mode is on,
 * and the background re-check of pending transactions while the app runs (every
 * `gatewayRecheckSeconds`; 0 turns it off).
 */
export async function gatewaysRoutes(app: FastifyInstance): Promise<void> {
  // Gateways and the sandbox bank pages post HTML forms (the return URL, Razorpay's callback).
  addFormBodyParser(app);
  if (sandboxModeOn(app.config)) await app.register(sandboxPlugin);
  await app.register(worldlineRoutes);
  await app.register(razorpayRoutes);
  await app.register(razorpayNewsRoutes);

  const seconds = app.config.gatewayRecheckSeconds;
  if (seconds > 0) {
    let recheck: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      recheck = startGatewayRecheck(app.deps, seconds);
    });
    app.addHook('onClose', async () => {
      await recheck?.stop();
    });
  }
}
