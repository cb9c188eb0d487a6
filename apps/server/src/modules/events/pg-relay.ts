import { randomUUID } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import pg from 'pg';

import type { AppEvent } from '../../lib/events.ts';

/** The PostgreSQL channel the server processes relay change events on. */
export const EVENTS_CHANNEL = 'parish_events';

/** NOTIFY payloads must stay under 8000 bytes; larger events are cut down (see {@link shrink}). */
const MAX_PAYLOAD = 7500;

/**
 * A `head.updated` with thousands of member ids does not fit a NOTIFY: it is relayed with the
 * lists dropped and `allMembers: true` (every member's screen refreshes that head); other
 * oversized events lose their `data`.
 */
function shrink(event: AppEvent): AppEvent {
  if (event.type === 'head.updated') {
    return { type: event.type, data: { paymentHeadId: event.data?.paymentHeadId, allMembers: true } };
  }
  return { type: event.type, ...(event.memberId && { memberId: event.memberId }) };
}

/**
 * Relays change events between server processes over PostgreSQL LISTEN/NOTIFY (issue 6): sets
 * `app.events.relay` to NOTIFY on {@link EVENTS_CHANNEL}, and LISTENs on a dedicated connection,
 * handing events from other processes to `app.events.deliver`. Each app instance tags its
 * notifications with a random origin id and skips its own echoes. Only on PostgreSQL (PGlite is
 * one process). The listening connection is a client of its own, outside the pool, so that
 * closing the pool never waits for it; it is re-established after a loss and ended when the app
 * closes.
 */
export async function startPgRelay(app: FastifyInstance, pool: pg.Pool): Promise<void> {
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closing = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    try {
      const parsed = JSON.parse(message.payload) as { origin: string; event: AppEvent };
      if (parsed.origin !== origin) app.events.deliver(parsed.event);
    } catch (error) {
      app.log.warn({ err: error }, 'unreadable event notification');
    }
  };

  const connect = async (): Promise<void> => {
    retry = null;
    if (closing) return;
    try {
      const next = new pg.Client({
        connectionString: pool.options.connectionString,
        application_name: 'parish-dues-events',
      });
      next.on('notification', onNotification);
      let lost = false;
      next.on('error', (error) => {
        if (lost) return;
        lost = true;
        app.log.warn({ err: error }, 'event relay connection lost');
        if (client === next) client = null;
        next.end().catch(() => undefined);
        if (!closing) retry = setTimeout(() => void connect(), 1000);
      });
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (closing) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
    } catch (error) {
      app.log.warn({ err: error }, 'event relay could not listen');
      if (!closing) retry = setTimeout(() => void connect(), 1000);
    }
  };

  app.events.relay = (event) => {
    let payload = JSON.stringify({ origin, event });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ origin, event: shrink(event) });
    pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).catch((error: unknown) => {
      app.log.warn({ err: error }, 'event relay could not notify');
    });
  };

  app.addHook('onClose', async () => {
    closing = true;
    app.events.relay = null;
    if (retry) clearTimeout(retry);
    const held = client;
    client = null;
    if (held) {
      held.off('notification', onNotification);
      await held.query(`UNLISTEN ${EVENTS_CHANNEL}`).catch(() => undefined);
      await held.end().catch(() => undefined);
    }
  });

  await connect();
}
