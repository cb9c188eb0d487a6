import { systemContext, type AppDeps } from '../context.ts';
import type { AppEvent } from '../lib/events.ts';
import { NOTIFICATIONS_AUDIT, queueAssignmentNotices, queuePaymentNotice } from '../modules/reminders/notifications.ts';

/** A running notice listener. */
export interface AssignmentNotices {
  /** Stops listening and waits for the notices being queued. Idempotent. */
  stop(): Promise<void>;
}

/** The head and the newly assigned members of a `head.updated` event, or null. */
function assignmentOf(event: AppEvent): { paymentHeadId: string; memberIds: string[] } | null {
  if (event.type !== 'head.updated') return null;
  const data = event.data ?? {};
  const memberIds = Array.isArray(data.assignedMemberIds) ? data.assignedMemberIds.map(String) : [];
  const paymentHeadId = typeof data.paymentHeadId === 'string' ? data.paymentHeadId : undefined;
  return memberIds.length > 0 && paymentHeadId ? { paymentHeadId, memberIds } : null;
}

/** The member of a `payment.updated` event of an online payment that settled, or null. */
function paidOnlineBy(event: AppEvent): string | null {
  const data = event.data ?? {};
  const online = data.via === 'worldline' || data.via === 'razorpay';
  return event.type === 'payment.updated' && data.status === 'paid' && online ? (event.memberId ?? null) : null;
}

/**
 * The notice worker (on when WhatsApp is configured and WHATSAPP_NOTIFY_ON_ASSIGN or
 * WHATSAPP_NOTIFY_ON_PAYMENT is set; it does not depend on WHATSAPP_WORKER): listens to change
 * events, published after the commits, and queues the new-assignment text for members newly
 * assigned a head (`head.updated`, `queueAssignmentNotices`) and the `success` template after an
 * online payment (`payment.updated`, `queuePaymentNotice`), audited as the WhatsApp
 * notifications. The sender worker sends them. Errors are logged, never thrown.
 */
export function startAssignmentNotices(deps: AppDeps): AssignmentNotices {
  const { configured, notifyOnAssign, notifyOnPayment } = deps.config.whatsapp;
  if (!configured || (!notifyOnAssign && !notifyOnPayment)) return { stop: async () => undefined };
  const ctx = systemContext(deps, NOTIFICATIONS_AUDIT);
  const pending = new Set<Promise<unknown>>();
  let stopped = false;
  const track = (work: Promise<unknown>) => {
    const tracked = work.catch((error: unknown) => deps.log.error({ err: error }, 'whatsapp notification failed'));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  };
  const unsubscribe = deps.events.subscribe((event) => {
    if (stopped) return;
    const assignment = notifyOnAssign ? assignmentOf(event) : null;
    if (assignment) track(queueAssignmentNotices(ctx, assignment));
    const memberId = notifyOnPayment ? paidOnlineBy(event) : null;
    if (memberId) track(queuePaymentNotice(ctx, { memberId }));
  });
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      await Promise.allSettled([...pending]);
    },
  };
}
