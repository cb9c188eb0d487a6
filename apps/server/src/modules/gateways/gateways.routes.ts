import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { cancelCheckoutsInputSchema, cancelCheckoutsResultSchema } from '@parish/shared';

import { sandboxModeOn } from '../../config/gateways.ts';
import { razorpayNewsRoutes, razorpayRoutes } from './razorpay/razorpay.routes.ts';
import { addFormBodyParser } from './request-bodies.ts';
import { errors } from './route-helpers.ts';
import { sandboxPlugin } from './sandbox/sandbox.plugin.ts';
import { cancelCheckouts } from './transactions.service.ts';
import { worldlineRoutes } from './worldline/worldline.routes.ts';

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
  await app.register(checkoutRoutes);
}

/**
 * `POST /api/customer/checkouts/cancel` (member): "Cancel" on the dashboard for a checkout in
 * progress (`docs/domain.md`, §4 "Retry after an abandoned checkout"), after asking its gateway.
 */
async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/customer/checkouts/cancel',
    {
      config: { roles: ['customer'] },
      schema: {
        tags: ['portal'],
        summary:
          "Gives up the signed-in member's pending checkouts for these dues: each is asked about first (at most 3 s); " +
          'one the gateway says is paid is settled (409 ALREADY_PAID); the others stop holding the dues.',
        body: cancelCheckoutsInputSchema,
        response: { 200: cancelCheckoutsResultSchema, ...errors },
      },
    },
    async (request) => cancelCheckouts(request.ctx, request.body),
  );
}
