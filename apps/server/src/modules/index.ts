import type { FastifyInstance } from 'fastify';

import { authRoutes } from './auth/auth.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { membersRoutes } from './members/members.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/**
 * Every business module's routes. A module is a folder with `*.routes.ts` (thin handlers),
 * `*.service.ts` (rules, transactions) and its tests; add its routes plugin here.
 */
export const routeModules: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  settingsRoutes,
  usersRoutes,
  membersRoutes,
];
