import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { backgroundJobs } from './jobs.ts';
import { members } from './members.ts';
import { parishIdColumn } from './parishes.ts';

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
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    jobId: uuid(),
    memberId: uuid().notNull(),
    /** Template or message kind: payment, success, assignment, receipt, hello_world. */
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
    /**
     * The receipt a `receipt` delivery sends as a document (migration 0037, decision 0141): one
     * delivery per receipt ever (unique), so a receipt never goes out twice.
     */
    receiptId: uuid(),
  },
  (t) => [
    primaryKey({ name: 'message_deliveries_pkey', columns: [t.parishId, t.id] }),
    foreignKey({
      name: 'message_deliveries_job_id_background_jobs_id_fk',
      columns: [t.parishId, t.jobId],
      foreignColumns: [backgroundJobs.parishId, backgroundJobs.id],
    }),
    foreignKey({
      name: 'message_deliveries_member_id_members_id_fk',
      columns: [t.parishId, t.memberId],
      foreignColumns: [members.parishId, members.id],
    }),
    uniqueIndex('message_deliveries_job_member_uq')
      .on(t.parishId, t.jobId, t.memberId, t.kind)
      .where(sql`${t.jobId} is not null`),
    uniqueIndex('message_deliveries_receipt_uq')
      .on(t.parishId, t.receiptId)
      .where(sql`${t.receiptId} is not null`),
    index('message_deliveries_message_id_idx').on(t.messageId),
    index('message_deliveries_member_created_idx').on(t.memberId, t.createdAt),
    index('message_deliveries_job_status_idx').on(t.jobId, t.status),
    index('message_deliveries_id_lookup_idx').on(t.id),
  ],
);
