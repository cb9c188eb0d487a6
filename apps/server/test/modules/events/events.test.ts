import { REPORT_MSG } from '@parish/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AppEvent } from '../../../src/lib/events.ts';
import { EVENTS_CHANNEL } from '../../../src/workers/event-relay.ts';
import { createTestApp, expectError, loginAs, type Session, type TestApp } from '../../helpers.ts';

let t: TestApp;
let base: string;
let admin: Session;

beforeAll(async () => {
  // The workers as src/server.ts starts them: the event relay carries events between processes.
  t = await createTestApp({ workers: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function ticketFor(session: Session): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/events/ticket', headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ ticket: string; expiresAt: string }>();
  expect(new Date(body.expiresAt).getTime() - t.clock.now().getTime()).toBe(30_000);
  return body.ticket;
}

/** An open event stream over real HTTP, collecting the frames it receives. */
interface Stream {
  status: number;
  contentType: string | null;
  frames: { event: string; data: AppEvent }[];
  raw: string;
  /** Resolves with the first frame matching, or rejects after the timeout. */
  next(
    predicate: (frame: { event: string; data: AppEvent }) => boolean,
    timeoutMs?: number,
  ): Promise<{ event: string; data: AppEvent }>;
  close(): void;
}

async function openStream(ticket: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/subscribe?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  const stream: Stream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    frames: [],
    raw: '',
    async next(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = stream.frames.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event; got ${stream.raw}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
  if (response.status !== 200 || !response.body) {
    stream.raw = await response.text();
    return stream;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const text = decoder.decode(value, { stream: true });
        stream.raw += text;
        buffer += text;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) stream.frames.push({ event, data: JSON.parse(data) as AppEvent });
        }
      }
    } catch {
      // aborted
    }
  })();
  return stream;
}

async function assignHead(memberIds: string[]): Promise<{ headId: string; paymentIds: Record<string, string> }> {
  const head = await t.app.inject({
    method: 'POST',
    url: '/api/payment-heads',
    headers: admin.headers,
    payload: { name: `Events head ${Math.random()}`, amount: 100, type: 'miscellaneous', year: 2026 },
  });
  expect(head.statusCode, head.body).toBe(201);
  const headId = head.json<{ _id: string }>()._id;
  const assign = await t.app.inject({
    method: 'POST',
    url: '/api/payments/assign',
    headers: admin.headers,
    payload: { paymentHeadId: headId, assignments: memberIds.map((memberId) => ({ memberId })) },
  });
  expect(assign.statusCode, assign.body).toBe(200);
  const rows = await t.db.execute(sql`SELECT id, member_id FROM payments WHERE payment_head_id = ${headId}::uuid`);
  const paymentIds: Record<string, string> = {};
  for (const row of (rows as unknown as { rows: { id: string; member_id: string }[] }).rows)
    paymentIds[row.member_id] = row.id;
  return { headId, paymentIds };
}

function collect(paymentId: string, session: Session) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/collect`,
    headers: session.headers,
    payload: { collectionMode: 'manual', collectionAmount: 100, paymentMethod: 'cash' },
  });
}

describe('live updates: GET /api/subscribe with a single-use ticket (issue 6)', () => {
  it('streams a payment.updated event to staff after a collection, and a reversal after that', async () => {
    const cashier = await loginAs(t.app, 'cashier');
    const member = await loginAs(t.app, 'member');
    const { paymentIds } = await assignHead([member.account.id]);
    const paymentId = paymentIds[member.account.id] as string;
    const stream = await openStream(await ticketFor(admin));
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      expect((await collect(paymentId, cashier)).statusCode).toBe(200);
      const frame = await stream.next((f) => f.event === 'payment.updated');
      expect(frame.data).toEqual({
        type: 'payment.updated',
        memberId: member.account.id,
        data: { paymentIds: [paymentId], status: 'paid', via: 'manual' },
      });
      const reverse = await t.app.inject({
        method: 'PUT',
        url: `/api/payments/${paymentId}/reverse`,
        headers: cashier.headers,
        payload: { reason: 'wrong_amount' },
      });
      expect(reverse.statusCode, reverse.body).toBe(200);
      const reversed = await stream.next(
        (f) => f.event === 'payment.updated' && f.data.type === 'payment.updated' && f.data.data?.via === 'reversal',
      );
      expect(reversed.data.data).toEqual({ paymentIds: [paymentId], status: 'pending', via: 'reversal' });
    } finally {
      stream.close();
    }
  });

  it("sends a member only their own events, and head.updated without the other members' ids", async () => {
    const cashier = await loginAs(t.app, 'cashier');
    const alice = await loginAs(t.app, 'member');
    const bob = await loginAs(t.app, 'member');
    const stream = await openStream(await ticketFor(alice));
    try {
      const { headId, paymentIds } = await assignHead([alice.account.id, bob.account.id]);
      const head = await stream.next(
        (f) => f.event === 'head.updated' && f.data.type === 'head.updated' && f.data.data?.paymentHeadId === headId,
      );
      expect(head.data.data).toEqual({
        paymentHeadId: headId,
        assignedMemberIds: [alice.account.id],
        revokedMemberIds: [],
      });
      expect((await collect(paymentIds[bob.account.id] as string, cashier)).statusCode).toBe(200);
      expect((await collect(paymentIds[alice.account.id] as string, cashier)).statusCode).toBe(200);
      await stream.next((f) => f.event === 'payment.updated');
      const payments = stream.frames.filter((f) => f.event === 'payment.updated');
      expect(payments.map((f) => f.data.memberId)).toEqual([alice.account.id]);
      expect(stream.raw).not.toContain(bob.account.id);
    } finally {
      stream.close();
    }
  });

  it('refuses a used, an expired or an unknown ticket with 401, and a ticket without a session', async () => {
    const ticket = await ticketFor(admin);
    const first = await openStream(ticket);
    expect(first.status).toBe(200);
    first.close();
    const again = await t.app.inject({ method: 'GET', url: `/api/subscribe?ticket=${ticket}` });
    expectError(again, 401, 'STREAM_TICKET_INVALID', REPORT_MSG.badTicket);

    const late = await ticketFor(admin);
    t.clock.advance(30_001);
    try {
      expectError(
        await t.app.inject({ method: 'GET', url: `/api/subscribe?ticket=${late}` }),
        401,
        'STREAM_TICKET_INVALID',
        REPORT_MSG.badTicket,
      );
    } finally {
      t.clock.advance(-30_001);
    }
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/subscribe?ticket=${'x'.repeat(43)}` }),
      401,
      'STREAM_TICKET_INVALID',
      REPORT_MSG.badTicket,
    );
    expectError(await t.app.inject({ method: 'POST', url: '/api/events/ticket' }), 401, 'UNAUTHORIZED');
  });

  it('relays events between processes with LISTEN/NOTIFY on PostgreSQL (none on PGlite)', async () => {
    if (t.engine === 'pglite') {
      expect(t.app.events.relay).toBeNull();
      return;
    }
    expect(t.app.events.relay).toBeTypeOf('function');
    const received: AppEvent[] = [];
    const unsubscribe = t.app.events.subscribe((event) => received.push(event));
    try {
      const event: AppEvent = { type: 'member.updated', data: { count: 7 } };
      // Another process's notification is delivered here ...
      await t.db.execute(
        sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ origin: 'other-process', event })})`,
      );
      // ... and this process's own publish reaches NOTIFY but is not delivered twice.
      t.app.events.publish({ type: 'member.updated', data: { count: 8 } });
      const deadline = Date.now() + 5000;
      while (!received.some((e) => e.type === 'member.updated' && e.data?.count === 7) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received.filter((e) => e.type === 'member.updated' && e.data?.count === 7)).toHaveLength(1);
      expect(received.filter((e) => e.type === 'member.updated' && e.data?.count === 8)).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });

  it('EVENT_RELAY=false starts no relay, even on PostgreSQL', async () => {
    const quiet = await createTestApp({ workers: true, env: { EVENT_RELAY: 'false' } });
    try {
      expect(quiet.config.eventRelay).toBe(false);
      expect(quiet.app.events.relay).toBeNull();
    } finally {
      await quiet.close();
    }
  });
});
