import type { FastifyInstance } from 'fastify';

/** Collection at the parish office: collect, reverse, receipts, the cashier's collections. Routes are added here as the capability is built. */
export async function collectionsRoutes(_app: FastifyInstance): Promise<void> {}
