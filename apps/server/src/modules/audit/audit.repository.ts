import type { AuditAction, AuditEntry } from '@parish/shared';

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
  await db.insert(auditEvents).values({
    actorType: context.actorType,
    actorId: context.actorId,
    actorName: context.actorName,
    requestId: context.requestId,
    ip: context.ip,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
