import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';

/**
 * The explicit choices of a parish admin on the "Get started" checklist (issue 28 item 6, migration
 * 0032, decision 0132; `docs/parishes.md`, "New parish checklist"): one row per parish and step.
 * `choice` is 'skip' (any step, for now), 'off' (gateway step: no online payment), 'wa.me'
 * (whatsapp step: reminders by wa.me links) or 'dismissed' (step 'checklist': the checklist is
 * hidden). Every other state is derived from the data. Row-level security as every parish table.
 */
export const onboardingChoices = pgTable(
  'onboarding_choices',
  {
    parishId: parishIdColumn(),
    /** details | register | heads | upi | gateway | whatsapp | reminders | checklist */
    step: text().notNull(),
    /** skip | off | wa.me | dismissed (the pairs the check constraint allows). */
    choice: text().notNull(),
    /** The staff user who chose (their id), or null. */
    chosenBy: text(),
    chosenAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'onboarding_choices_pkey', columns: [t.parishId, t.step] }),
    check(
      'onboarding_choices_step_check',
      sql`${t.step} in ('details', 'register', 'heads', 'upi', 'gateway', 'whatsapp', 'reminders', 'checklist')`,
    ),
    check(
      'onboarding_choices_choice_check',
      sql`(${t.choice} = 'skip' and ${t.step} <> 'checklist') or (${t.choice} = 'off' and ${t.step} = 'gateway') or (${t.choice} = 'wa.me' and ${t.step} = 'whatsapp') or (${t.choice} = 'dismissed' and ${t.step} = 'checklist')`,
    ),
  ],
);
