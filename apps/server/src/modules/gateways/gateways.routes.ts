import type { FastifyInstance } from 'fastify';

/** Online payment: Worldline (gateway B) and Razorpay (gateway A), live or sandbox. Routes are added here as the capability is built. */
export async function gatewaysRoutes(_app: FastifyInstance): Promise<void> {}
