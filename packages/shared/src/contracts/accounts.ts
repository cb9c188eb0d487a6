import { ledgerMappingInputSchema, ledgerMappingSchema } from '../schemas/accounts.ts';
import {
  holidayListSchema,
  settlementFetchResultSchema,
  settlementListSchema,
  settlementsQuerySchema,
  worldlineImportSchema,
} from '../schemas/settlements.ts';
import { defineContract } from './contract.ts';

/**
 * The parish's books (issue 30 items 1 and 2, decision 0146): the ledger mapping read by
 * `ACCOUNTS_ROLES` and replaced by an admin. The Tally XML and journal CSV downloads are files,
 * fetched by the Accounts export screen with the session. The gateway settlements (issue 30 item 5,
 * decision 0151) and the parish's holiday list their working days read.
 */
export const accountsContracts = {
  /** `GET /api/accounts/ledger-mapping`: the mapping in force with every payment head. */
  ledgerMapping: defineContract({ method: 'GET', path: '/api/accounts/ledger-mapping', output: ledgerMappingSchema }),
  /** `PUT /api/accounts/ledger-mapping` (admin): the whole mapping, audited. */
  setLedgerMapping: defineContract({
    method: 'PUT',
    path: '/api/accounts/ledger-mapping',
    body: ledgerMappingInputSchema,
    output: ledgerMappingSchema,
  }),
  /** `GET /api/accounts/settlements`: the online payments of a range with their settlement. */
  settlements: defineContract({
    method: 'GET',
    path: '/api/accounts/settlements',
    query: settlementsQuerySchema,
    output: settlementListSchema,
  }),
  /** `POST /api/accounts/settlements/fetch`: Razorpay's settlements fetched now. */
  fetchSettlements: defineContract({
    method: 'POST',
    path: '/api/accounts/settlements/fetch',
    output: settlementFetchResultSchema,
  }),
  /** `POST /api/accounts/settlements/worldline`: a Worldline settlement report imported. */
  importWorldline: defineContract({
    method: 'POST',
    path: '/api/accounts/settlements/worldline',
    body: worldlineImportSchema,
    output: settlementFetchResultSchema,
  }),
  /** `GET /api/settings/holidays`: the parish's holiday list. */
  holidays: defineContract({ method: 'GET', path: '/api/settings/holidays', output: holidayListSchema }),
  /** `PUT /api/settings/holidays` (admin): the whole list, audited. */
  setHolidays: defineContract({
    method: 'PUT',
    path: '/api/settings/holidays',
    body: holidayListSchema,
    output: holidayListSchema,
  }),
};
