import { bankContracts, type BankAccountInput, type ColumnMapping, type ManualMatch } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';
import { fileBase64 } from '../../lib/file-base64.ts';

/**
 * The Bank reconciliation screen's calls (`bankContracts`; decision 0149). Everything under
 * `['bank']` is refreshed after an import, a match or an unmatch.
 */

/** `GET /api/bank/accounts`: the accounts with their column mappings, and the bank presets. */
export function useBankAccounts() {
  return useQuery({ queryKey: ['bank', 'accounts'], queryFn: () => apiRequest(bankContracts.accounts) });
}

/** `GET /api/bank/accounts/:id/reconciliation` of the chosen account (none while no account is chosen). */
export function useReconciliation(accountId: string | null) {
  return useQuery({
    queryKey: ['bank', 'reconciliation', accountId],
    queryFn: () => apiRequest(bankContracts.reconciliation, { params: { id: accountId ?? '' } }),
    enabled: accountId !== null,
  });
}

/** Saves an account: a new one (no id) or a change of one. */
export function saveAccount(input: BankAccountInput, id?: string) {
  return id
    ? apiRequest(bankContracts.updateAccount, { params: { id }, body: input })
    : apiRequest(bankContracts.createAccount, { body: input });
}

/** Confirms a bank preset for the parish. */
export function confirmPreset(key: BankAccountInput['preset'] & string) {
  return apiRequest(bankContracts.confirmPreset, { params: { key } });
}

/** The first lines of a statement as `mapping` reads them; nothing is stored. */
export async function previewStatement(accountId: string, file: File, mapping: ColumnMapping) {
  const content = await fileBase64(file);
  return apiRequest(bankContracts.preview, {
    params: { id: accountId },
    body: { fileName: file.name, content, mapping },
  });
}

/** Imports a statement under the account's saved mapping. */
export async function importStatement(accountId: string, file: File) {
  const content = await fileBase64(file);
  return apiRequest(bankContracts.importStatement, {
    params: { id: accountId },
    body: { fileName: file.name, content },
  });
}

/** Matches a credit line with a UPI receipt by hand. */
export function matchLine(input: ManualMatch) {
  return apiRequest(bankContracts.match, { body: input });
}

/** Undoes a line's match. */
export function unmatchLine(lineId: string) {
  return apiRequest(bankContracts.unmatch, { params: { lineId } });
}
