import { systemContext, type AppDeps } from '../context.ts';
import { runInParish } from '../db/parish-scope.ts';
import type { AppEvent } from '../lib/events.ts';
import { NOTIFICATIONS_AUDIT, queueAssignmentNotices } from '../modules/reminders/notifications.ts';

/** A running assignment-notice listener. */
export interface AssignmentNotices {
  /** Stops listening and waits for the notices being queued. Idempotent. */
  stop(): Promise<void>;
}

/** The head and the newly assigned members of a `head.updated` event, or null. */
function assignmentOf(event: AppEvent): { paymentHeadId: string; memberIds: string[] } | null {
  if (event.type !== 'head.updated' || !event.data) return null;
  const { paymentHeadId, assignedMemberIds = [] } = event.data;
  return assignedMemberIds.length > 0 && paymentHeadId ? { paymentHeadId, memberIds: [...assignedMemberIds] } : null;
}

/**
 * The assignment-notice worker (on when WHATSAPP_NOTIFY_ON_ASSIGN is set; it does not depend on
 * WHATSAPP_WORKER): listens to `head.updated` change events, published after the tagging commits,
 * and queues the new-assignment text for the newly assigned members in the event's parish when
 * that parish's WhatsApp is configured (`queueAssignmentNotices`, audited as the WhatsApp
 * notifications; decision 0134). The sender worker sends it.
 * Errors are logged, never thrown.
 */
export function startAssignmentNotices(deps: AppDeps): AssignmentNotices {
  if (!deps.config.whatsapp.notifyOnAssign) return { stop: async () => undefined };
  const ctx = systemContext(deps, NOTIFICATIONS_AUDIT);
  const pending = new Set<Promise<unknown>>();
  let stopped = false;
  const unsubscribe = deps.events.subscribe((event) => {
    const assignment = stopped ? null : assignmentOf(event);
    const parishId = event.parishId;
    if (!assignment || parishId === undefined || parishId === null) return;
    // In the parish the assignment was made in (decision 0128).
    const work = runInParish(parishId, () => queueAssignmentNotices(ctx, assignment)).catch((error: unknown) =>
      deps.log.error({ err: error }, 'whatsapp notification failed'),
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      await Promise.allSettled([...pending]);
    },
  };
}
