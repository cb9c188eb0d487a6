import { z } from 'zod';

import { idParamsSchema } from '../schemas/common.ts';
import {
  createDepositInputSchema,
  depositListQuerySchema,
  depositListSchema,
  depositSchema,
  pendingDepositsSchema,
} from '../schemas/deposits.ts';
import { defineContract } from './contract.ts';

/** Bank deposits (docs/domain.md, "Bank deposits"; decision 0147). */
export const depositContracts = {
  /** `GET /api/deposits/pending`: closed days' cash and cheques not yet deposited (a cashier: their own). */
  pending: defineContract({ method: 'GET', path: '/api/deposits/pending', output: pendingDepositsSchema }),
  /** `POST /api/deposits`: records a pay-in slip. */
  create: defineContract({
    method: 'POST',
    path: '/api/deposits',
    body: createDepositInputSchema,
    output: depositSchema,
  }),
  /** `GET /api/deposits`: recorded slips, newest first. */
  list: defineContract({
    method: 'GET',
    path: '/api/deposits',
    query: depositListQuerySchema,
    output: depositListSchema,
  }),
  /** `GET /api/deposits/:id`: one slip with its days and cheques. */
  get: defineContract({ method: 'GET', path: '/api/deposits/:id', params: idParamsSchema, output: depositSchema }),
  /** `GET /api/deposits/:id/print`: the printable pay-in slip (HTML). */
  print: defineContract({
    method: 'GET',
    path: '/api/deposits/:id/print',
    params: idParamsSchema,
    output: z.string(),
    answer: 'text',
  }),
};
