import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { backgroundJobs } from './jobs.ts';
import { members } from './members.ts';

/**
 * One WhatsApp message to one member: the outbox of reminders and notifications. A bulk send is a
 * background job with one row per recipient, so a restarted job knows who was already sent to
 * and never sends twice (unique job + member). `status` moves queued -> sending -> sent, then
 * delivered / read from the delivery webhook, or failed; a row found `sending` after a crash is
 * marked `unknown` rather than sent again.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid().references(() => backgroundJobs.id),
    memberId: uuid()
      .notNull()
      .references(() => members.id),
    /** Template or message kind: payment, success, assignment, hello_world. */
    kind: text().notNull(),
    /** queued | sending | sent | delivered | read | failed | unknown */
    status: text().notNull().default('queued'),
    /** The number sent to (digits only, country code first). */
    recipient: text().notNull(),
    attempts: integer().notNull().default(0),
    /** The provider's message id (wamid...), set when the send is accepted. */
    messageId: text(),
    errorCode: text(),
    errorMessage: text(),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('message_deliveries_job_member_uq')
      .on(t.jobId, t.memberId, t.kind)
      .where(sql`${t.jobId} is not null`),
    index('message_deliveries_message_id_idx').on(t.messageId),
    index('message_deliveries_member_created_idx').on(t.memberId, t.createdAt),
    index('message_deliveries_job_status_idx').on(t.jobId, t.status),
  ],
);
