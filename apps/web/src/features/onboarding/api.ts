import {
  onboardingContracts,
  type ContractBody,
  type HeadTemplatesResult,
  type OnboardingChoice,
  type OnboardingStatus,
  type OnboardingStep,
} from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';

/** The "Get started" checklist's calls (`onboardingContracts`, admins only; decision 0132). */

/** The checklist's query key. */
export const ONBOARDING_KEY = ['onboarding'] as const;

/**
 * `GET /api/onboarding`: the steps, their states and the progress. `fresh`: read again each time
 * the caller mounts (the checklist screen: the admin comes back from a screen that did a step).
 */
export function useOnboardingStatus(fresh = false) {
  return useQuery({
    queryKey: ONBOARDING_KEY,
    queryFn: ({ signal }) => apiRequest(onboardingContracts.status, {}, { signal }),
    ...(fresh && { refetchOnMount: 'always' as const }),
  });
}

/** Whether the checklist is still open: loaded, not complete, not dismissed. */
export function checklistOpen(status: OnboardingStatus | undefined): boolean {
  return status !== undefined && !status.complete && !status.dismissed;
}

function useStoreStatus() {
  const queryClient = useQueryClient();
  return (status: OnboardingStatus) => queryClient.setQueryData(ONBOARDING_KEY, status);
}

/** `PUT` (a choice) or `DELETE` (`choice` null) `/api/onboarding/steps/:step/choice`; the answer replaces the cached checklist. */
export function useChooseStep() {
  const store = useStoreStatus();
  return useMutation({
    mutationFn: ({ step, choice }: { step: OnboardingStep; choice: OnboardingChoice | null }) =>
      choice === null
        ? apiRequest(onboardingContracts.unchoose, { params: { step } })
        : apiRequest(onboardingContracts.choose, { params: { step }, body: { choice } }),
    onSuccess: store,
  });
}

/** `POST /api/onboarding/dismiss`: hides the completed checklist. */
export function useDismissChecklist() {
  const store = useStoreStatus();
  return useMutation({ mutationFn: () => apiRequest(onboardingContracts.dismiss, {}), onSuccess: store });
}

/** The template heads as sent: `{ heads: [{template, amount}], tagAllMembers }`. */
export type HeadTemplatesBody = ContractBody<typeof onboardingContracts.createHeads>;

/** `POST /api/onboarding/heads`: the year's heads from templates; the checklist and the heads refresh. */
export function useCreateTemplateHeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HeadTemplatesBody): Promise<HeadTemplatesResult> =>
      apiRequest(onboardingContracts.createHeads, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY });
      void queryClient.invalidateQueries({ queryKey: ['payment-heads'] });
    },
  });
}
