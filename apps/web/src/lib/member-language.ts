import type { ContractBody, ContractOutput, ContractPath, portalContracts } from '@parish/shared';

import { requestJson } from './api-client.ts';

const MEMBER_LANGUAGE_PATH: ContractPath<typeof portalContracts.language> = '/api/customer/language';

/**
 * `PUT /api/customer/language`: keeps the signed-in member's language on their record, so their
 * next sign-in in any browser opens in it (`docs/domain.md`, "Member languages"). On the plain
 * client: the sign-in screen and the portal both call it, and neither loads zod for it.
 * @throws ApiError with the server's text.
 */
export function saveMemberLanguage(
  body: ContractBody<typeof portalContracts.language>,
): Promise<ContractOutput<typeof portalContracts.language>> {
  return requestJson(MEMBER_LANGUAGE_PATH, { method: 'PUT', body });
}
