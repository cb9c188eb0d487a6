import type { FastifyInstance } from 'fastify';

/** Payments list, tagging (assign and revoke) and the account-head CSV. Routes are added here as the capability is built. */
export async function paymentsRoutes(_app: FastifyInstance): Promise<void> {}
