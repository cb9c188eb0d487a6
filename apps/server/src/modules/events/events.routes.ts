import type { FastifyInstance } from 'fastify';

/** Server-sent events for open screens (GET /api/subscribe). Routes are added here as the capability is built. */
export async function eventsRoutes(_app: FastifyInstance): Promise<void> {}
