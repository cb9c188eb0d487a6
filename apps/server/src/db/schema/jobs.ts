import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { jobStatus } from './enums.ts';
import { parishIdColumn } from './parishes.ts';

/**
 * Background jobs (bulk imports, bulk WhatsApp reminders): their state lives here so a job
 * survives a restart. Claimed with `FOR UPDATE SKIP LOCKED`, so several processes can share them.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    type: text().notNull(),
    status: jobStatus().notNull().default('queued'),
    payload: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    progress: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    attempts: integer().notNull().default(0),
    runAfter: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lockedAt: timestamp({ withTimezone: true, mode: 'string' }),
    lockedBy: text(),
    lastError: text(),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'background_jobs_pkey', columns: [t.parishId, t.id] }),
    index('background_jobs_claim_idx').on(t.status, t.runAfter),
    // One job per monthly reminder round (migration 0013's index; decision 0038), per parish.
    uniqueIndex('background_jobs_reminder_round_uq')
      .on(t.parishId, sql`(${t.payload} ->> 'round')`)
      .where(sql`${t.type} = 'whatsapp.reminders' and ${t.payload} ? 'round'`),
    index('background_jobs_id_lookup_idx').on(t.id),
  ],
);
