import { and, count, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';

import {
  HEAD_TEMPLATE_HEADS,
  ONBOARDING_MSG,
  ONBOARDING_STEPS,
  financialYearLabel,
  financialYearOf,
  paymentHeadInputSchema,
  type HeadTemplatesInput,
  type HeadTemplatesResult,
  type OnboardingChoice,
  type OnboardingStatus,
  type OnboardingStep,
  type OnboardingStepStatus,
  type PaymentHead,
  type PaymentHeadInput,
} from '@parish/shared';

import { realGateway } from '../../config/gateways.ts';
import type { ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { backgroundJobs, members, onboardingChoices, parishSettings, paymentHeads } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { newHeadColumns, parishToday } from '../payment-heads/payment-heads.service.ts';
import { assignPayments } from '../payments/commands/assign-dues.ts';
import { toPaymentHead } from '../payments/payment-record.ts';
import { REMINDER_JOB_TYPE } from '../reminders/job-runner.ts';
import { parishGatewaySettings, parishWhatsAppConfig } from '../settings/parish-credentials.ts';
import { ROUND_JOB_TYPE } from '../whatsapp-links/wa-me.service.ts';

/**
 * The "Get started" checklist of a new parish (issue 28 item 6, decision 0132; `docs/parishes.md`,
 * "New parish checklist"). Each step's state is derived from the parish's data where the data can
 * show it; the explicit choices (skip, gateway off, WhatsApp by wa.me, checklist dismissed) are rows
 * of `onboarding_choices` (migration 0032). Every query names the request's parish.
 */

/** The parish of the request (the home parish, 1, outside one: decision 0124). */
function parishOf(): number {
  return currentParishId() ?? 1;
}

/** The stored choices of the parish, by step (the checklist's own 'dismissed' under 'checklist'). */
async function storedChoices(db: DbOrTx, parishId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ step: onboardingChoices.step, choice: onboardingChoices.choice })
    .from(onboardingChoices)
    .where(eq(onboardingChoices.parishId, parishId));
  return new Map(rows.map((row) => [row.step, row.choice]));
}

/** The first and last day of financial year `fy` (April to March), `YYYY-MM-DD`. */
function financialYearBounds(fy: number): { from: string; to: string } {
  return { from: `${fy}-04-01`, to: `${fy + 1}-03-31` };
}

/**
 * What the data of the parish shows, step by step (decision 0132):
 * - details: the settings carry an address and a contact (the name is set when the parish is made);
 * - register: at least one member;
 * - heads: at least one head of the current financial year (its year, or a due date within it);
 * - upi: a UPI ID is set;
 * - gateway: a gateway of the parish has credentials, live or test mode (the sandbox is not a
 *   gateway): its own, or the environment's for the home parish (`parishGatewaySettings`, decisions 0130 and 0134);
 * - whatsapp: the parish's WhatsApp Cloud API is configured (token and phone number id: its own, or
 *   the environment's for the home parish; `parishWhatsAppConfig`);
 * - reminders: a reminder round was sent (a Cloud API reminder job, or a wa.me walk-through round).
 */
async function doneFromData(
  ctx: ServiceContext,
  parishId: number,
  fy: number,
): Promise<Record<OnboardingStep, boolean>> {
  const db = ctx.db;
  const [settings] = await db
    .select({ address: parishSettings.address, contact: parishSettings.contact, upiVpa: parishSettings.upiVpa })
    .from(parishSettings)
    .where(and(eq(parishSettings.parishId, parishId), eq(parishSettings.id, 1)));
  const [memberCount] = await db.select({ n: count() }).from(members).where(eq(members.parishId, parishId));
  const { from, to } = financialYearBounds(fy);
  const [headCount] = await db
    .select({ n: count() })
    .from(paymentHeads)
    .where(
      and(
        eq(paymentHeads.parishId, parishId),
        or(eq(paymentHeads.year, fy), and(gte(paymentHeads.dueDate, from), lte(paymentHeads.dueDate, to))),
      ),
    );
  const [roundCount] = await db
    .select({ n: count() })
    .from(backgroundJobs)
    .where(
      and(eq(backgroundJobs.parishId, parishId), inArray(backgroundJobs.type, [REMINDER_JOB_TYPE, ROUND_JOB_TYPE])),
    );
  const gateways = await parishGatewaySettings(ctx, parishId);
  return {
    details: Boolean(settings && settings.address.trim() !== '' && settings.contact.trim() !== ''),
    register: (memberCount?.n ?? 0) > 0,
    heads: (headCount?.n ?? 0) > 0,
    upi: Boolean(settings && settings.upiVpa.trim() !== ''),
    gateway: realGateway(gateways.worldline.mode) || realGateway(gateways.razorpay.mode),
    whatsapp: (await parishWhatsAppConfig(ctx, parishId)).configured,
    reminders: (roundCount?.n ?? 0) > 0,
  };
}

/** Whether a choice settles its step as done (gateway 'off', WhatsApp 'wa.me') rather than skipping it. */
function settlesAsDone(step: OnboardingStep, choice: string | undefined): boolean {
  return (step === 'gateway' && choice === 'off') || (step === 'whatsapp' && choice === 'wa.me');
}

/**
 * `GET /api/onboarding` (admin): the checklist of the request's parish (issue 28 item 6, decision 0132).
 * A step is `done` when its data shows it or its choice settles it (gateway 'off', WhatsApp
 * 'wa.me'); else `skipped` when the admin skipped it; else `todo`. A step the data shows done stays
 * done whatever was chosen.
 * @returns the steps in {@link ONBOARDING_STEPS} order, settled (done or skipped) and total counts,
 *   progress as a whole percent (rounded down), complete (no step todo), dismissed, and the
 *   financial year the heads step looks at (the parish's today, `PARISH_TIMEZONE`).
 */
export async function onboardingStatus(ctx: ServiceContext): Promise<OnboardingStatus> {
  const parishId = parishOf();
  const fy = financialYearOf(await parishToday(ctx));
  const choices = await storedChoices(ctx.db, parishId);
  const data = await doneFromData(ctx, parishId, fy);
  const steps: OnboardingStepStatus[] = ONBOARDING_STEPS.map((step) => {
    const choice = choices.get(step);
    const state = data[step] || settlesAsDone(step, choice) ? 'done' : choice === 'skip' ? 'skipped' : 'todo';
    return { step, state, choice: (choice as OnboardingChoice | undefined) ?? null };
  });
  const settled = steps.filter((s) => s.state !== 'todo').length;
  const total = steps.length;
  return {
    steps,
    settled,
    total,
    progress: Math.floor((settled * 100) / total),
    complete: settled === total,
    dismissed: choices.get('checklist') === 'dismissed',
    financialYear: fy,
  };
}

/**
 * `PUT /api/onboarding/steps/:step/choice` (admin): stores an explicit choice for a step (decision
 * 0132), replacing the step's earlier one; audited `onboarding.choice_set` in the same transaction.
 * 'skip' applies to every step, 'off' only to the gateway step (no online payment: members pay at
 * the counter or by UPI), 'wa.me' only to the WhatsApp step (reminders by wa.me links, sent one by
 * one from the office phone).
 * @returns the checklist after the change.
 * @throws 400 VALIDATION_FAILED "The choice 'off' does not apply to the upi step" for a pair that
 *   does not go together; nothing is stored then.
 */
export async function setOnboardingChoice(
  ctx: ServiceContext,
  step: OnboardingStep,
  choice: OnboardingChoice,
): Promise<OnboardingStatus> {
  if ((choice === 'off' && step !== 'gateway') || (choice === 'wa.me' && step !== 'whatsapp')) {
    throw badRequest(ONBOARDING_MSG.choiceNotForStep(step, choice), 'choice');
  }
  const parishId = parishOf();
  await ctx.db.transaction(async (tx) => {
    const before = (await storedChoices(tx, parishId)).get(step);
    await tx
      .insert(onboardingChoices)
      .values({ parishId, step, choice, chosenBy: ctx.actor?.id ?? null })
      .onConflictDoUpdate({
        target: [onboardingChoices.parishId, onboardingChoices.step],
        set: { choice, chosenBy: ctx.actor?.id ?? null, chosenAt: ctx.clock.now().toISOString() },
      });
    await recordAudit(tx, ctx.audit, {
      action: 'onboarding.choice_set',
      entityType: 'onboarding',
      entityId: step,
      before: before === undefined ? null : { step, choice: before },
      after: { step, choice },
    });
  });
  return onboardingStatus(ctx);
}

/**
 * `DELETE /api/onboarding/steps/:step/choice` (admin): forgets a step's explicit choice (the admin
 * changed their mind: the step is derived from the data again). Audited only when there was one.
 * @returns the checklist after the change.
 */
export async function clearOnboardingChoice(ctx: ServiceContext, step: OnboardingStep): Promise<OnboardingStatus> {
  const parishId = parishOf();
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(onboardingChoices)
      .where(and(eq(onboardingChoices.parishId, parishId), eq(onboardingChoices.step, step)))
      .returning({ choice: onboardingChoices.choice });
    const before = removed[0];
    if (!before) return;
    await recordAudit(tx, ctx.audit, {
      action: 'onboarding.choice_set',
      entityType: 'onboarding',
      entityId: step,
      before: { step, choice: before.choice },
      after: { step, choice: '' },
    });
  });
  return onboardingStatus(ctx);
}

/**
 * `POST /api/onboarding/dismiss` (admin): hides the completed checklist for good (decision 0132);
 * audited `onboarding.dismissed`. Dismissing it again changes nothing.
 * @returns the checklist, `dismissed: true`.
 * @throws 409 CONFLICT 'Finish or skip every step before dismissing the checklist' while a step is todo.
 */
export async function dismissOnboarding(ctx: ServiceContext): Promise<OnboardingStatus> {
  const status = await onboardingStatus(ctx);
  if (!status.complete) throw conflict(ONBOARDING_MSG.notComplete);
  if (status.dismissed) return status;
  const parishId = parishOf();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(onboardingChoices)
      .values({ parishId, step: 'checklist', choice: 'dismissed', chosenBy: ctx.actor?.id ?? null })
      .onConflictDoNothing();
    await recordAudit(tx, ctx.audit, {
      action: 'onboarding.dismissed',
      entityType: 'onboarding',
      entityId: 'checklist',
    });
  });
  return { ...status, dismissed: true };
}

/**
 * `POST /api/onboarding/heads` (admin): creates the year's heads from templates (issue 28 item 6:
 * yearly church tax, building fund, feast; names and types in `HEAD_TEMPLATE_HEADS`) with the
 * amounts the admin entered, for the current financial year of the parish, due on the head form's
 * default (31 March ending that year). Each head is checked by the head form's own rules
 * (`paymentHeadInputSchema`: amount above 0, at most 2 decimals, at most one crore) and built by
 * the payment heads module's `newHeadColumns`; all are created in one transaction with one
 * `payment_head.bulk_created` audit event, or none.
 * With `tagAllMembers`, every active member is then tagged to each head created (the ledger's
 * `assignPayments`, one transaction per head, after the heads' own).
 * @param input `heads`: `{template, amount}` (rupees); a blank amount leaves that template out.
 * @returns the heads created, as the API shows a head (rupees), and the dues assigned.
 * @throws 400 'Enter the amount of at least one head' when no template has an amount; 400 with the
 *   head form's message ('Please enter a valid amount', …) for a bad amount; 409 'A head named
 *   Feast already exists for 2026-27' when the year already has a head of that name
 *   (case-insensitive); 400 'Each head template can be used once' for a template named twice.
 *   Nothing is created then.
 */
export async function createHeadsFromTemplates(
  ctx: ServiceContext,
  input: HeadTemplatesInput,
): Promise<HeadTemplatesResult> {
  const today = await parishToday(ctx);
  const fy = financialYearOf(today);
  const wanted = input.heads.filter(
    (row) => row.amount !== undefined && row.amount !== null && String(row.amount).trim() !== '',
  );
  if (wanted.length === 0) throw badRequest(ONBOARDING_MSG.noTemplates, 'heads');
  const seen = new Set<string>();
  const inputs: PaymentHeadInput[] = [];
  for (const row of wanted) {
    if (seen.has(row.template)) throw badRequest(ONBOARDING_MSG.templateTwice, 'heads');
    seen.add(row.template);
    const template = HEAD_TEMPLATE_HEADS[row.template];
    const parsed = paymentHeadInputSchema.safeParse({
      name: template.name,
      amount: row.amount,
      type: template.type,
      year: fy,
    });
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid head', row.template);
    inputs.push(parsed.data);
  }
  const parishId = parishOf();
  const created = await ctx.db.transaction(async (tx) => {
    const names = inputs.map((head) => head.name.toLowerCase());
    const [clash] = await tx
      .select({ name: paymentHeads.name })
      .from(paymentHeads)
      .where(
        and(
          eq(paymentHeads.parishId, parishId),
          eq(paymentHeads.year, fy),
          inArray(sql`lower(${paymentHeads.name})`, names),
        ),
      )
      .limit(1);
    if (clash) throw conflict(ONBOARDING_MSG.headExists(clash.name, financialYearLabel(fy)));
    const rows = await tx
      .insert(paymentHeads)
      .values(inputs.map((head) => ({ ...newHeadColumns(head, today), parishId })))
      .returning();
    const heads = rows.map(toPaymentHead);
    await recordAudit(tx, ctx.audit, {
      action: 'payment_head.bulk_created',
      entityType: 'payment_head',
      after: { created: heads, errors: [] },
    });
    return heads;
  });
  for (const head of created) ctx.events.publish({ type: 'head.updated', data: { paymentHeadId: head._id } });
  return { created, assigned: input.tagAllMembers ? await tagEveryActiveMember(ctx, parishId, created) : 0 };
}

/**
 * Tags every active member of the parish to each head at the head's amount, one ledger command
 * (`assignPayments`, its own transaction and audit event) per head.
 * @returns the dues assigned, over all heads.
 */
async function tagEveryActiveMember(ctx: ServiceContext, parishId: number, heads: PaymentHead[]): Promise<number> {
  const active = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.parishId, parishId), eq(members.isActive, true)));
  if (active.length === 0) return 0;
  let assigned = 0;
  for (const head of heads) {
    const result = await assignPayments(ctx, {
      paymentHeadId: head._id,
      assignments: active.map((member) => ({ memberId: member.id })),
      replacePending: false,
    });
    assigned += result.assigned;
  }
  return assigned;
}
