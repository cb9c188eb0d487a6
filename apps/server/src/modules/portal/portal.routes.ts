import type { FastifyInstance } from 'fastify';

/** The member portal: the signed-in member's own payments and transactions. Routes are added here as the capability is built. */
export async function portalRoutes(_app: FastifyInstance): Promise<void> {}
