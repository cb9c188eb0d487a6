import type { FastifyRequest } from 'fastify';

import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { callerAuditContext, type AuditContext } from '../../context.ts';
import type { Actor } from '../../types.ts';

/** One audit record: who did what to which entity, with the state before and after. */
export interface AuditInput {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

export type { AuditContext } from '../../context.ts';

/** The audit context of a request's caller. */
export function auditContextOf(request: FastifyRequest, actor: Actor | null = request.actor): AuditContext {
  return callerAuditContext(actor, request.id, request.ip);
}

/**
 * Writes an audit event through the caller's transaction, so it commits or rolls back with the
 * change it records (`architecture.md`, data model). Never fire-and-forget.
 */
export async function recordAudit(db: DbOrTx, context: AuditContext, input: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({
    actorType: context.actorType,
    actorId: context.actorId,
    actorName: context.actorName,
    requestId: context.requestId,
    ip: context.ip,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId ?? null,
    before: input.before ?? null,
    after: input.after ?? null,
  });
}
