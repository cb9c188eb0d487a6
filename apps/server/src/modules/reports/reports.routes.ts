import type { FastifyInstance } from 'fastify';

/** Dashboard, reports, transactions list, audit trail and export. Routes are added here as the capability is built. */
export async function reportsRoutes(_app: FastifyInstance): Promise<void> {}
