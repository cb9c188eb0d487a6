import { z } from 'zod';

import { paymentHeadSchema } from './payment-heads.ts';

/**
 * The steps of the "Get started" checklist of a new parish, in order (issue 28 item 6, decision
 * 0132; `docs/parishes.md`, "New parish checklist"): parish details, the member register (imported
 * with the dry run), the year's heads, the UPI ID, the online gateway (or off), WhatsApp (or wa.me
 * links), the first reminder round.
 */
export const ONBOARDING_STEPS = ['details', 'register', 'heads', 'upi', 'gateway', 'whatsapp', 'reminders'] as const;

/** One step of the checklist. */
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * A step's state: `done` (the data shows it, or an explicit choice settles it: gateway 'off',
 * WhatsApp 'wa.me'), `skipped` (the admin chose to leave it for later) or `todo`.
 */
export type OnboardingState = 'done' | 'skipped' | 'todo';

/**
 * The explicit choices an admin may store for a step (decision 0132): 'skip' for any step,
 * 'off' only for the gateway step, 'wa.me' only for the WhatsApp step.
 */
export const ONBOARDING_CHOICES = ['skip', 'off', 'wa.me'] as const;

/** An explicit choice of a step. */
export type OnboardingChoice = (typeof ONBOARDING_CHOICES)[number];

/** The heads a parish may create from templates (issue 28 item 6): yearly church tax, building fund, feast. */
export const HEAD_TEMPLATES = ['church_tax', 'building_fund', 'feast'] as const;

/** A head template's key. */
export type HeadTemplate = (typeof HEAD_TEMPLATES)[number];

/**
 * Each template's head name and type (decision 0132): the church tax and the building fund are
 * yearly current dues; the feast contribution is miscellaneous. The year is the current financial
 * year; the due date the head form's default (31 March ending it).
 */
export const HEAD_TEMPLATE_HEADS: Record<HeadTemplate, { name: string; type: 'current due' | 'miscellaneous' }> = {
  church_tax: { name: 'Yearly church tax', type: 'current due' },
  building_fund: { name: 'Building fund', type: 'current due' },
  feast: { name: 'Feast', type: 'miscellaneous' },
};

/** The plain-English messages of the onboarding routes (decision 0132). */
export const ONBOARDING_MSG = {
  unknownStep: 'Unknown checklist step',
  choiceNotForStep: (step: string, choice: string) => `The choice '${choice}' does not apply to the ${step} step`,
  notComplete: 'Finish or skip every step before dismissing the checklist',
  noTemplates: 'Enter the amount of at least one head',
  templateTwice: 'Each head template can be used once',
  headExists: (name: string, year: string) => `A head named ${name} already exists for ${year}`,
} as const;

/** `:step` of the onboarding routes. */
export const onboardingStepParamsSchema = z.object({
  step: z.enum(ONBOARDING_STEPS, { error: ONBOARDING_MSG.unknownStep }),
});

/** `PUT /api/onboarding/steps/:step/choice` body: the explicit choice to store. */
export const onboardingChoiceInputSchema = z.strictObject({
  choice: z.enum(ONBOARDING_CHOICES, { error: 'Choose skip, off or wa.me' }),
});

/** One step of `GET /api/onboarding`: its key, state and the explicit choice stored for it (or null). */
export const onboardingStepStatusSchema = z.object({
  step: z.enum(ONBOARDING_STEPS),
  state: z.enum(['done', 'skipped', 'todo']),
  choice: z.enum(ONBOARDING_CHOICES).nullable(),
});

/** One step's status in the checklist. */
export type OnboardingStepStatus = z.infer<typeof onboardingStepStatusSchema>;

/**
 * `GET /api/onboarding` answer (admin): the steps in order; `settled` = steps done or skipped;
 * `progress` = settled / total × 100, a whole percent rounded down; `complete` when no step is
 * todo; `dismissed` once the admin dismissed the completed checklist; `financialYear` the year the
 * heads step looks at (e.g. 2026 for 2026-27).
 */
export const onboardingStatusSchema = z.object({
  steps: z.array(onboardingStepStatusSchema),
  settled: z.number().int(),
  total: z.number().int(),
  progress: z.number().int().min(0).max(100),
  complete: z.boolean(),
  dismissed: z.boolean(),
  financialYear: z.number().int(),
});

/** The checklist as the API answers it. */
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

/**
 * `POST /api/onboarding/heads` body: the templates to create with their amounts (rupees, as the
 * head form takes them: text or number). A template left out or with a blank amount is not
 * created; at least one must have an amount. `tagAllMembers` (default false) then tags every
 * active member to each head created, at its amount (the ledger's tagging command).
 */
export const headTemplatesInputSchema = z.strictObject({
  heads: z
    .array(
      z.strictObject({
        template: z.enum(HEAD_TEMPLATES, { error: 'Unknown head template' }),
        amount: z.union([z.number(), z.string()]).nullish(),
      }),
    )
    .max(HEAD_TEMPLATES.length),
  tagAllMembers: z.boolean().optional().default(false),
});

/** The template heads to create, as sent. */
export type HeadTemplatesInput = z.output<typeof headTemplatesInputSchema>;

/**
 * `POST /api/onboarding/heads` answer (201): the heads created, and how many dues were assigned
 * (members × heads; 0 without `tagAllMembers`).
 */
export const headTemplatesResultSchema = z.object({ created: z.array(paymentHeadSchema), assigned: z.number().int() });

/** The heads created from templates. */
export type HeadTemplatesResult = z.infer<typeof headTemplatesResultSchema>;
