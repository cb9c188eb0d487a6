import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { jobStatus } from './enums.ts';

/**
 * Background jobs (bulk imports, bulk WhatsApp reminders): their state lives here so a job
 * survives a restart. Claimed with `FOR UPDATE SKIP LOCKED`, so several processes can share them.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
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
  (t) => [index('background_jobs_claim_idx').on(t.status, t.runAfter)],
);
