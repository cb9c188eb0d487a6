import {
  headTemplatesInputSchema,
  headTemplatesResultSchema,
  onboardingChoiceInputSchema,
  onboardingStatusSchema,
  onboardingStepParamsSchema,
} from '../schemas/onboarding.ts';
import { defineContract } from './contract.ts';

/** The new parish checklist (issue 28 item 6, decision 0132), admins only. */
export const onboardingContracts = {
  /** `GET /api/onboarding`: the steps with their state and the progress. */
  status: defineContract({ method: 'GET', path: '/api/onboarding', output: onboardingStatusSchema }),
  /** `PUT /api/onboarding/steps/:step/choice`: skip a step, turn the gateway off, choose wa.me. */
  choose: defineContract({
    method: 'PUT',
    path: '/api/onboarding/steps/:step/choice',
    params: onboardingStepParamsSchema,
    body: onboardingChoiceInputSchema,
    output: onboardingStatusSchema,
  }),
  /** `DELETE /api/onboarding/steps/:step/choice`: forgets a step's choice. */
  unchoose: defineContract({
    method: 'DELETE',
    path: '/api/onboarding/steps/:step/choice',
    params: onboardingStepParamsSchema,
    output: onboardingStatusSchema,
  }),
  /** `POST /api/onboarding/dismiss`: hides the completed checklist (409 while a step is todo). */
  dismiss: defineContract({ method: 'POST', path: '/api/onboarding/dismiss', output: onboardingStatusSchema }),
  /** `POST /api/onboarding/heads`: the year's heads from templates (201). */
  createHeads: defineContract({
    method: 'POST',
    path: '/api/onboarding/heads',
    body: headTemplatesInputSchema,
    output: headTemplatesResultSchema,
  }),
};
