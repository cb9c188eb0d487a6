import { idParamsSchema, successSchema } from '../schemas/common.ts';
import {
  wardDuesSchema,
  wardFilterQuerySchema,
  wardInputSchema,
  wardListSchema,
  wardReportSchema,
  wardSchema,
} from '../schemas/wards.ts';
import { defineContract } from './contract.ts';

/**
 * Wards of the parish and the ward-wise report (decision 0126; issue 28 item 7): staff read the
 * wards (a ward leader only their own, decision 0129), admins add, rename and delete them; admins
 * and cashiers read the report.
 */
export const wardContracts = {
  /** `GET /api/wards`: every ward with its number of active members, by name. */
  list: defineContract({ method: 'GET', path: '/api/wards', output: wardListSchema }),
  /** `POST /api/wards`: adds a ward (201); 409 `DUPLICATE_WARD`. */
  create: defineContract({ method: 'POST', path: '/api/wards', body: wardInputSchema, output: wardSchema }),
  /** `PATCH /api/wards/:id`: renames a ward; 409 `DUPLICATE_WARD`. */
  rename: defineContract({
    method: 'PATCH',
    path: '/api/wards/:id',
    params: idParamsSchema,
    body: wardInputSchema,
    output: wardSchema,
  }),
  /** `DELETE /api/wards/:id`: deletes a ward without members or leader; 409 `WARD_HAS_MEMBERS`. */
  remove: defineContract({ method: 'DELETE', path: '/api/wards/:id', params: idParamsSchema, output: successSchema }),
  /**
   * `GET /api/reports/wards`: the ward-wise report (members, raised, collected, pending, rate);
   * `?wardId=` one ward's row; a ward leader gets their own ward's row only (decision 0136).
   */
  report: defineContract({
    method: 'GET',
    path: '/api/reports/wards',
    query: wardFilterQuerySchema,
    output: wardReportSchema,
  }),
  /** `GET /api/reports/wards/dues`: the members of a ward who owe, largest first (a ward leader's own ward). */
  dues: defineContract({
    method: 'GET',
    path: '/api/reports/wards/dues',
    query: wardFilterQuerySchema,
    output: wardDuesSchema,
  }),
};
