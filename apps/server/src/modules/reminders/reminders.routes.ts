import type { FastifyInstance } from 'fastify';

/** WhatsApp reminders and the messaging webhook. Routes are added here as the capability is built. */
export async function remindersRoutes(_app: FastifyInstance): Promise<void> {}
