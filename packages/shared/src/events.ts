import type { RemindersProgressData } from './schemas/reminders.ts';

/**
 * The change events of the live-update stream (`GET /api/subscribe`; `docs/ARCHITECTURE.md`,
 * live updates): what the server publishes after a commit, and what an open screen receives to
 * refresh what changed. Each frame is `event: <type>` with `data: <json of {type, memberId?,
 * data?}>`.
 *
 * What a listener receives can be less than what was published:
 * - a member gets only events about themselves, and a `head.updated` only when they are among its
 *   assigned or revoked members, with both lists cut down to their own id and `memberId` set to it;
 *   progress events are staff-only;
 * - an event relayed between server processes (PostgreSQL NOTIFY) that is too large for one
 *   notification loses its `data` — a `head.updated` keeps its `paymentHeadId` and says
 *   `allMembers: true` instead of the lists.
 * So every `data` is optional on the wire, and the lists of `head.updated` too.
 */

/** The event types, in the order the stream documents them. */
export const APP_EVENT_TYPES = [
  'payment.updated',
  'member.updated',
  'head.updated',
  'import.progress',
  'reminders.progress',
] as const;

/** One change-event type. */
export type AppEventType = (typeof APP_EVENT_TYPES)[number];

/** Whether a string (an SSE `event:` name, a frame's `type`) is one of {@link APP_EVENT_TYPES}. */
export function isAppEventType(value: unknown): value is AppEventType {
  return typeof value === 'string' && (APP_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * What moved a payment: `manual` a collection at the office, `reversal` the reversal of one
 * (back to pending), `worldline` / `razorpay` an online payment settled by that gateway.
 */
export type PaymentUpdateVia = 'manual' | 'reversal' | 'worldline' | 'razorpay' | 'concession';

/** `data` of `payment.updated`: the payments of one member that changed state, and how. */
export interface PaymentUpdatedData {
  /** The payments moved, ids. */
  paymentIds: string[];
  /** Their new state: `paid` (collected or settled), `pending` (reversed, or lowered by a concession) or `waived`. */
  status: 'paid' | 'pending' | 'waived';
  via: PaymentUpdateVia;
}

/**
 * `data` of `member.updated`: how many members were created or changed (1 for one member's
 * create, edit or deactivation; the members created by an import chunk or a payments CSV batch).
 */
export interface MemberUpdatedData {
  count: number;
}

/**
 * `data` of `head.updated`: a head created, edited, deleted, or tagged to or untagged from members.
 * The lists are present when members' assignments changed (tagging, cancelling tags, deleting the
 * head, a payments CSV); `allMembers` replaces them on an event relayed too large (every member's
 * screen refreshes the head).
 */
export interface HeadUpdatedData {
  paymentHeadId: string;
  /** Members newly assigned the head, or given a new amount of it. */
  assignedMemberIds?: string[];
  /** Members whose pending payment of the head was removed. */
  revokedMemberIds?: string[];
  /** Set instead of the lists when they did not fit a relay notification. */
  allMembers?: true;
}

/**
 * What each event type carries besides its `type`:
 * - `memberId`: the member the event is about, which routes it to that member's stream (always
 *   set on `payment.updated`; on `member.updated` for one member's change; on a `head.updated`
 *   only as cut down for a member's stream).
 * - `data`: see each shape; optional on the wire (see the module comment).
 * `import.progress` is part of the vocabulary (the web refreshes members, heads and payments on
 * it) but nothing publishes it yet: imports answer when they are done, with `member.updated` and
 * `head.updated` per committed chunk.
 */
export interface AppEventPayloads {
  'payment.updated': { memberId: string; data?: PaymentUpdatedData };
  'member.updated': { memberId?: string; data?: MemberUpdatedData };
  'head.updated': { memberId?: string; data?: HeadUpdatedData };
  'import.progress': { memberId?: undefined; data?: undefined };
  'reminders.progress': { memberId?: undefined; data?: RemindersProgressData };
}

/** One event of type `T` as the stream carries it: `{ type, memberId?, data? }`. */
export type AppEventOf<T extends AppEventType> = { type: T } & AppEventPayloads[T];

/** Any change event, discriminated by `type` (narrow with `event.type === 'head.updated'`). */
export type TypedAppEvent = { [T in AppEventType]: AppEventOf<T> }[AppEventType];
