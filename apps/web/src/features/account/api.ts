import { authContracts } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';

/**
 * The calls of two-step sign-in for the signed-in staff member (`docs/domain.md`, "Two-step
 * sign-in for staff").
 */

/** Query key of the caller's two-step state; setup, turning off and resets refresh it. */
export const TWO_STEP_KEY = ['auth', 'two-step'] as const;

/** `GET /api/auth/two-step`: `{enabled, required, recoveryCodesLeft}` of the caller. */
export function useTwoStepStatus() {
  return useQuery({ queryKey: TWO_STEP_KEY, queryFn: () => apiRequest(authContracts.twoStepStatus) });
}

/** `POST /api/auth/two-step/setup`: a new secret as a QR code (data URL), the URI and the key. */
export function startTwoStepSetup() {
  return apiRequest(authContracts.twoStepSetup);
}

/** `POST /api/auth/two-step/enable`: confirms with a code; answers the recovery codes, shown once. */
export function enableTwoStep(code: string) {
  return apiRequest(authContracts.twoStepEnable, { body: { code } });
}

/** `POST /api/auth/two-step/disable`: turns it off with a current code or a recovery code. */
export function disableTwoStep(code: string) {
  return apiRequest(authContracts.twoStepDisable, { body: { code } });
}
