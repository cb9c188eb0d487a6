import type { AuditAction, AuditEntry } from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import type { AuditContext } from '../../context.ts';

export type { AuditContext } from '../../context.ts';

/**
 * Writes one audit record (`docs/ARCHITECTURE.md`, "Audit") through the caller's transaction, so
 * it commits or rolls back with the change it records. Never fire-and-forget.
 * @param context who acted, from where (`ctx.audit`)
 * @param entry the action, its entity and the `before` / `after` states typed per action by
 *   `AuditPayloads` of `@parish/shared` — money in RUPEES, never paise or text; a state left out
 *   is stored as null
 */
export async function recordAudit<A extends AuditAction>(
  db: DbOrTx,
  context: AuditContext,
  entry: AuditEntry<A>,
): Promise<void> {
  await db.insert(auditEvents).values(auditRow(context, entry, entry.entityId ?? null));
}

/** The audit_events row of one record: who acted, the action, its entity and its states. */
function auditRow<A extends AuditAction>(
  context: AuditContext,
  entry: Omit<AuditEntry<A>, 'entityId'>,
  entityId: string | null,
) {
  return {
    actorType: context.actorType,
    actorId: context.actorId,
    actorName: context.actorName,
    requestId: context.requestId,
    ip: context.ip,
    action: entry.action,
    entityType: entry.entityType,
    entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

/**
 * Writes the same audit record for each of `entityIds` in one statement, through the caller's
 * transaction (a set-based write such as the member import's consents, decision 0144): as
 * {@link recordAudit} would write them one by one. Nothing is written for no ids.
 * @param entry the action, entity type and `before` / `after` states (money in RUPEES)
 */
export async function recordAuditForEach<A extends AuditAction>(
  db: DbOrTx,
  context: AuditContext,
  entityIds: readonly string[],
  entry: Omit<AuditEntry<A>, 'entityId'>,
): Promise<void> {
  if (entityIds.length === 0) return;
  await db.insert(auditEvents).values(entityIds.map((entityId) => auditRow(context, entry, entityId)));
}

/**
 * The INSERT of one audit record as SQL, for a data-modifying CTE of the very statement that makes
 * the change it records (the receipt's statement, `issueReceipt`): the same record as
 * {@link recordAudit} writes, one statement fewer. `source` names the CTE the row is selected from
 * (one row), and `afterPatch`, a jsonb object over that CTE's columns, is merged into `after`
 * (e.g. the receipt number the statement takes). Money in RUPEES, as for {@link recordAudit}.
 */
export function auditInsertSql<A extends AuditAction>(
  context: AuditContext,
  entry: AuditEntry<A>,
  source: SQL,
  afterPatch: SQL,
): SQL {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  return sql`insert into audit_events (actor_type, actor_id, actor_name, request_id, ip, action, entity_type,
                                       entity_id, before, after)
             select ${context.actorType}::actor_type, ${context.actorId}, ${context.actorName}, ${context.requestId},
                    ${context.ip}, ${entry.action}, ${entry.entityType}, ${entry.entityId ?? null},
                    ${json(entry.before)}::jsonb, coalesce(${json(entry.after)}::jsonb, '{}'::jsonb) || ${afterPatch}
               from ${source}`;
}
