import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { actorType } from './enums.ts';
import { parishIdColumn } from './parishes.ts';

/**
 * The audit trail: who did what, when, with the state before and after. Written in the same
 * database transaction as the change it records (`docs/ARCHITECTURE.md`, "Audit"). Never updated or deleted.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    parishId: parishIdColumn(),
    id: bigserial({ mode: 'number' }).notNull(),
    occurredAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    actorType: actorType().notNull(),
    actorId: text(),
    actorName: text(),
    /** Dotted verb, e.g. `payment.collected`, `member.created`, `auth.login_failed`. */
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    ip: text(),
  },
  (t) => [
    primaryKey({ name: 'audit_events_pkey', columns: [t.parishId, t.id] }),
    index('audit_events_occurred_idx').on(t.occurredAt),
    index('audit_events_entity_idx').on(t.entityType, t.entityId),
    index('audit_events_id_lookup_idx').on(t.id),
  ],
);
