import { randomUUID } from 'node:crypto';

import pg from 'pg';

import type { AppDeps } from '../context.ts';
import type { AppEvent } from '../lib/events.ts';

/** The PostgreSQL channel the server processes relay change events on. */
export const EVENTS_CHANNEL = 'parish_events';

/** NOTIFY payloads must stay under 8000 bytes; larger events are cut down (see {@link shrink}). */
const MAX_PAYLOAD = 7500;

/** Wait before listening again after the listening connection was lost or refused. */
const RECONNECT_MS = 1000;

/** A running event relay. */
export interface EventRelay {
  /** Stops relaying: unhooks the bus, ends the listening connection. Idempotent. */
  stop(): Promise<void>;
}

/**
 * A `head.updated` with thousands of member ids does not fit a NOTIFY: it is relayed with the
 * lists dropped and `allMembers: true` (every member's screen refreshes that head); other
 * oversized events lose their `data`.
 */
function shrink(event: AppEvent): AppEvent {
  switch (event.type) {
    case 'head.updated':
      return event.data
        ? { type: event.type, data: { paymentHeadId: event.data.paymentHeadId, allMembers: true } }
        : { type: event.type };
    case 'payment.updated':
      return { type: event.type, memberId: event.memberId };
    case 'member.updated':
      return event.memberId ? { type: event.type, memberId: event.memberId } : { type: event.type };
    case 'import.progress':
    case 'reminders.progress':
      return { type: event.type };
  }
}

/**
 * The event relay worker (EVENT_RELAY, default on): relays change events between server
 * processes sharing a PostgreSQL database over LISTEN/NOTIFY. It sets `deps.events.relay` to
 * NOTIFY on {@link EVENTS_CHANNEL}, and LISTENs on a dedicated connection, handing events from
 * other processes to `deps.events.deliver`. Each relay tags its notifications with a random
 * origin id and skips its own echoes. The listening connection is a client of its own, outside
 * the pool, so that closing the pool never waits for it; it is re-established 1 s after a loss.
 * On PGlite (one process) there is nothing to relay: the handle does nothing.
 * @returns once the first LISTEN succeeded or failed (a failure is logged and retried)
 */
export async function startEventRelay(deps: AppDeps): Promise<EventRelay> {
  const pool = deps.database.kind === 'postgres' ? deps.database.pool : undefined;
  if (!pool) return { stop: async () => undefined };
  const { events, log } = deps;
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closing = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    try {
      const parsed = JSON.parse(message.payload) as { origin: string; event: AppEvent };
      if (parsed.origin !== origin) events.deliver(parsed.event);
    } catch (error) {
      log.warn({ err: error }, 'unreadable event notification');
    }
  };
  const reconnectLater = () => {
    if (!closing) retry = setTimeout(() => void connect(), RECONNECT_MS);
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
        log.warn({ err: error }, 'event relay connection lost');
        if (client === next) client = null;
        next.end().catch(() => undefined);
        reconnectLater();
      });
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (closing) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
    } catch (error) {
      log.warn({ err: error }, 'event relay could not listen');
      reconnectLater();
    }
  };

  events.relay = (event) => {
    let payload = JSON.stringify({ origin, event });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ origin, event: shrink(event) });
    pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).catch((error: unknown) => {
      log.warn({ err: error }, 'event relay could not notify');
    });
  };

  await connect();

  return {
    async stop() {
      if (closing) return;
      closing = true;
      events.relay = null;
      if (retry) clearTimeout(retry);
      const held = client;
      client = null;
      if (held) {
        held.off('notification', onNotification);
        await held.query(`UNLISTEN ${EVENTS_CHANNEL}`).catch(() => undefined);
        await held.end().catch(() => undefined);
      }
    },
  };
}
