import { ledgerMappingInputSchema, ledgerMappingSchema } from '../schemas/accounts.ts';
import { defineContract } from './contract.ts';

/**
 * The parish's books (issue 30 items 1 and 2, decision 0146): the ledger mapping read by
 * `ACCOUNTS_ROLES` and replaced by an admin. The Tally XML and journal CSV downloads are files,
 * fetched by the Accounts export screen with the session.
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
};
