import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  headTemplatesInputSchema,
  headTemplatesResultSchema,
  onboardingChoiceInputSchema,
  onboardingStatusSchema,
  onboardingStepParamsSchema,
} from '@parish/shared';

import { errorAnswers } from '../../lib/route-options.ts';
import {
  clearOnboardingChoice,
  createHeadsFromTemplates,
  dismissOnboarding,
  onboardingStatus,
  setOnboardingChoice,
} from './onboarding.service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const admin = { roles: ['admin'] as const };

/**
 * The "Get started" checklist of a new parish (issue 28 item 6, decision 0132), admins only:
 * - `GET /api/onboarding`: the steps in order with their state (done / skipped / todo) and progress;
 * - `PUT /api/onboarding/steps/:step/choice` `{choice: 'skip' | 'off' | 'wa.me'}` and
 *   `DELETE` of the same: an explicit choice stored or forgotten;
 * - `POST /api/onboarding/dismiss`: hides the completed checklist (409 while a step is todo);
 * - `POST /api/onboarding/heads`: the year's heads from templates (church tax, building fund, feast),
 *   amounts in rupees; 201 with the heads created.
 */
export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/onboarding',
    {
      config: admin,
      schema: {
        tags: ['onboarding'],
        summary: 'The new parish checklist: each step done, skipped or todo, and the progress in percent.',
        response: { 200: onboardingStatusSchema, ...errors },
      },
    },
    async (request) => onboardingStatus(request.ctx),
  );
  r.put(
    '/api/onboarding/steps/:step/choice',
    {
      config: admin,
      schema: {
        tags: ['onboarding'],
        summary: "Stores a step's explicit choice: skip (any step), off (gateway), wa.me (whatsapp). Audited.",
        params: onboardingStepParamsSchema,
        body: onboardingChoiceInputSchema,
        response: { 200: onboardingStatusSchema, ...errors },
      },
    },
    async (request) => setOnboardingChoice(request.ctx, request.params.step, request.body.choice),
  );
  r.delete(
    '/api/onboarding/steps/:step/choice',
    {
      config: admin,
      schema: {
        tags: ['onboarding'],
        summary: "Forgets a step's explicit choice; the step follows the data again.",
        params: onboardingStepParamsSchema,
        response: { 200: onboardingStatusSchema, ...errors },
      },
    },
    async (request) => clearOnboardingChoice(request.ctx, request.params.step),
  );
  r.post(
    '/api/onboarding/dismiss',
    {
      config: admin,
      schema: {
        tags: ['onboarding'],
        summary: 'Hides the completed checklist; 409 while a step is still todo.',
        response: { 200: onboardingStatusSchema, ...errors },
      },
    },
    async (request) => dismissOnboarding(request.ctx),
  );
  r.post(
    '/api/onboarding/heads',
    {
      config: admin,
      schema: {
        tags: ['onboarding'],
        summary:
          "Creates the financial year's heads from templates (church tax, building fund, feast) with the amounts given (rupees); all or none.",
        body: headTemplatesInputSchema,
        response: { 201: headTemplatesResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createHeadsFromTemplates(request.ctx, request.body)),
  );
}
