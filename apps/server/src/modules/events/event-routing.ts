import type { AppEvent } from '../../lib/events.ts';
import type { StreamSubject } from './event-tickets.ts';

/**
 * What one listener may see of an event (issue 6, "Live updates"):
 * - nothing of an event of another parish than the listener's (`parishId`, issue 28);
 * - staff (admin, cashier) get every event as published;
 * - a member gets only events about themselves (`memberId` is theirs), and `head.updated` only
 *   when they are among `assignedMemberIds` / `revokedMemberIds`, with those lists cut down to
 *   their own id (never another member's); a relayed `head.updated` too large for NOTIFY carries
 *   `allMembers: true` instead of the lists and reaches every member with the head id only;
 * - progress events of imports and reminders are staff-only.
 * @returns the event to send, or null to send nothing
 */
export function eventFor(subject: StreamSubject & { parishId: number | null }, event: AppEvent): AppEvent | null {
  // Another parish's event reaches no one here (decision 0128); an event of no parish reaches no one either.
  if (event.parishId !== subject.parishId || subject.parishId === null) return null;
  if (subject.type === 'staff') return event;
  if (event.type === 'payment.updated' || event.type === 'member.updated') {
    return event.memberId === subject.id ? event : null;
  }
  if (event.type === 'head.updated') {
    const data = event.data;
    const assigned = data?.assignedMemberIds?.includes(subject.id) ?? false;
    const revoked = data?.revokedMemberIds?.includes(subject.id) ?? false;
    if (!data || (!assigned && !revoked && data.allMembers !== true)) return null;
    return {
      type: 'head.updated',
      memberId: subject.id,
      data: {
        paymentHeadId: data.paymentHeadId,
        assignedMemberIds: assigned ? [subject.id] : [],
        revokedMemberIds: revoked ? [subject.id] : [],
      },
    };
  }
  return null;
}

/** The server-sent-events frame of an event: `event: <type>` and `data: <json of {type, memberId?, data?}>`. */
export function sseFrame(event: AppEvent): string {
  const { parishId: _parish, ...sent } = event;
  return `event: ${event.type}\ndata: ${JSON.stringify(sent)}\n\n`;
}
