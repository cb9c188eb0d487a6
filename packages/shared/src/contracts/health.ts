import { healthOkSchema } from '../schemas/health.ts';
import { defineContract } from './contract.ts';

/** The health check (`docs/domain.md`, §10 "Payment mode"). */
export const healthContracts = {
  /** `GET /api/health` (public): liveness, database, version and each gateway's payment mode. */
  get: defineContract({ method: 'GET', path: '/api/health', output: healthOkSchema }),
};
