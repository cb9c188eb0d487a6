import type { FastifyInstance } from 'fastify';

/** Payment heads (admin set-up of dues). Routes are added here as the capability is built. */
export async function paymentHeadsRoutes(_app: FastifyInstance): Promise<void> {}
