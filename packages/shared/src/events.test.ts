import { describe, expect, expectTypeOf, it } from 'vitest';

import {
  APP_EVENT_TYPES,
  isAppEventType,
  type AppEventOf,
  type AppEventType,
  type HeadUpdatedData,
  type TypedAppEvent,
} from './events.ts';
import { APP_EVENT_TYPES as APP_EVENT_TYPES_FROM_REPORTS } from './schemas/reports.ts';

describe('change events', () => {
  it('are the five the stream documents, in its order', () => {
    expect(APP_EVENT_TYPES).toEqual([
      'payment.updated',
      'member.updated',
      'head.updated',
      'import.progress',
      'reminders.progress',
    ]);
    expectTypeOf<AppEventType>().toEqualTypeOf<
      'payment.updated' | 'member.updated' | 'head.updated' | 'import.progress' | 'reminders.progress'
    >();
  });

  it('are still exported where they were (schemas/reports.ts), as the same list', () => {
    expect(APP_EVENT_TYPES_FROM_REPORTS).toBe(APP_EVENT_TYPES);
  });

  it('isAppEventType accepts exactly the five', () => {
    for (const type of APP_EVENT_TYPES) expect(isAppEventType(type)).toBe(true);
    for (const other of ['payment.paid', 'PAYMENT.UPDATED', '', 'message', undefined, null, 3]) {
      expect(isAppEventType(other)).toBe(false);
    }
  });

  it('type every event the server publishes today', () => {
    // One of each publish call (collections, settle, members, imports, heads, tagging, relay, job runner).
    const published: TypedAppEvent[] = [
      { type: 'payment.updated', memberId: 'm1', data: { paymentIds: ['p1'], status: 'paid', via: 'manual' } },
      { type: 'payment.updated', memberId: 'm1', data: { paymentIds: ['p1'], status: 'pending', via: 'reversal' } },
      { type: 'payment.updated', memberId: 'm1', data: { paymentIds: ['p1', 'p2'], status: 'paid', via: 'worldline' } },
      { type: 'member.updated', memberId: 'm1', data: { count: 1 } },
      { type: 'member.updated', data: { count: 250 } },
      { type: 'head.updated', data: { paymentHeadId: 'h1' } },
      { type: 'head.updated', data: { paymentHeadId: 'h1', assignedMemberIds: ['m1'], revokedMemberIds: ['m2'] } },
      { type: 'head.updated', data: { paymentHeadId: 'h1', assignedMemberIds: ['m1'] } },
      { type: 'head.updated', data: { paymentHeadId: 'h1', allMembers: true } },
      {
        type: 'head.updated',
        memberId: 'm1',
        data: { paymentHeadId: 'h1', assignedMemberIds: ['m1'], revokedMemberIds: [] },
      },
      { type: 'payment.updated', memberId: 'm1' }, // relayed too large: data dropped
      { type: 'import.progress' },
      {
        type: 'reminders.progress',
        data: { jobId: 'j1', status: 'running', total: 3, done: 1, sent: 1, failed: 0, unknown: 0 },
      },
    ];
    expect(published.every((event) => isAppEventType(event.type))).toBe(true);

    const paid = { paymentIds: ['p1'], status: 'paid', via: 'manual' } as const;
    const failed = { paymentIds: ['p1'], status: 'failed', via: 'manual' } as const;
    // @ts-expect-error payment.updated always names its member
    const noMember: TypedAppEvent = { type: 'payment.updated', data: paid };
    // @ts-expect-error a status the event never carries
    const badStatus: TypedAppEvent = { type: 'payment.updated', memberId: 'm', data: failed };
    // @ts-expect-error head.updated data needs the head
    const noHead: TypedAppEvent = { type: 'head.updated', data: { assignedMemberIds: [] } };
    expect([noMember, badStatus, noHead]).toHaveLength(3);
  });

  it('narrow on the type', () => {
    const event = { type: 'head.updated', data: { paymentHeadId: 'h1' } } as TypedAppEvent;
    if (event.type === 'head.updated') {
      expectTypeOf(event.data).toEqualTypeOf<HeadUpdatedData | undefined>();
      expect(event.data?.paymentHeadId).toBe('h1');
    }
    expectTypeOf<AppEventOf<'member.updated'>['data']>().toEqualTypeOf<{ count: number } | undefined>();
  });
});
