import type { reportContracts } from '@parish/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { apiRequest, routeOf } from './api-request.ts';
import { readToken } from './storage.ts';

/** The ticket call by method and path (the contract object holds zod schemas). */
const EVENT_TICKET = routeOf<typeof reportContracts.eventTicket>('POST', '/api/events/ticket');

/**
 * Live updates (`docs/ARCHITECTURE.md`, "Live updates": `GET /api/subscribe`; issue 6, "Live updates"): open
 * screens refresh what changed without a reload. The access token never goes into the URL: it is
 * exchanged (bearer auth) for a short-lived single-use stream ticket at `POST /api/events/ticket`.
 */

/** The change events the server sends (apps/server/src/lib/events.ts). */
export type LiveEventType =
  'payment.updated' | 'member.updated' | 'head.updated' | 'import.progress' | 'reminders.progress';

const EVENT_TYPES: readonly LiveEventType[] = [
  'payment.updated',
  'member.updated',
  'head.updated',
  'import.progress',
  'reminders.progress',
];

/**
 * The TanStack query-key prefixes each event makes stale. A payment changes the dashboard, the
 * reports, every payments list, the cashier's collections and member payment lists (Payment
 * Summary, the member portal), and the heads' collected/outstanding figures; a head or member
 * change affects the lists that show them and the figures that count them.
 */
export const INVALIDATES: Record<LiveEventType, readonly (readonly string[])[]> = {
  'payment.updated': [
    ['dashboard'],
    ['reports'],
    ['payments'],
    ['collections'],
    ['payment-heads'],
    ['customer'],
    ['portal'],
    ['transactions'],
    ['activities'],
  ],
  'head.updated': [
    ['payment-heads'],
    ['payments'],
    ['dashboard'],
    ['reports'],
    ['customer'],
    ['portal'],
    ['activities'],
  ],
  'member.updated': [['members'], ['collections'], ['dashboard'], ['reports'], ['activities']],
  'import.progress': [['members'], ['payment-heads'], ['payments'], ['dashboard'], ['reports']],
  'reminders.progress': [['activities']],
};

/** Reconnect back-off after a failed stream or ticket: 1 s doubling to at most 30 s. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0-based). */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
}

/** Listeners of raw events (progress bars of imports and reminders use these). */
type Listener = (type: LiveEventType, data: Record<string, unknown> | undefined) => void;
const listeners = new Set<Listener>();

/** Subscribes to every live event as it arrives; returns the unsubscribe function. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks the queries an event affects as stale (active ones refetch at once). */
export function invalidateFor(queryClient: QueryClient, type: LiveEventType): void {
  for (const queryKey of INVALIDATES[type]) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
}

function parseData(raw: unknown): { type?: string; data?: Record<string, unknown> } {
  if (typeof raw !== 'string' || raw === '') return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as { type?: string; data?: Record<string, unknown> })
      : {};
  } catch {
    return {};
  }
}

function isLiveEventType(value: unknown): value is LiveEventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * Keeps one event stream open while `enabled` (a signed-in screen) and invalidates the matching
 * queries on each event. After an error the stream is closed and reopened with a fresh ticket
 * after a back-off (1 s, 2 s, 4 s ... 30 s); on reconnection every live query is refreshed,
 * since events may have been missed meanwhile. Closes when the component unmounts (sign-out).
 */
export function useLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;
    let connectedBefore = false;

    const handle = (fallbackType: string | null, raw: unknown) => {
      const payload = parseData(raw);
      const type = fallbackType ?? payload.type;
      if (!isLiveEventType(type)) return;
      invalidateFor(queryClient, type);
      for (const listener of listeners) listener(type, payload.data);
    };

    const scheduleReconnect = () => {
      if (stopped) return;
      source?.close();
      source = null;
      timer = setTimeout(() => void connect(), reconnectDelay(attempt));
      attempt += 1;
    };

    const connect = async () => {
      timer = null;
      if (stopped || !readToken()) return;
      let ticket: string;
      try {
        ({ ticket } = await apiRequest(EVENT_TICKET));
      } catch {
        scheduleReconnect();
        return;
      }
      if (stopped) return;
      const stream = new EventSource(`/api/subscribe?ticket=${encodeURIComponent(ticket)}`);
      source = stream;
      stream.onopen = () => {
        attempt = 0;
        if (connectedBefore) {
          for (const type of EVENT_TYPES) invalidateFor(queryClient, type);
        }
        connectedBefore = true;
      };
      stream.onmessage = (event: MessageEvent) => handle(null, event.data);
      for (const type of EVENT_TYPES) {
        stream.addEventListener(type, (event) => handle(type, (event as MessageEvent).data));
      }
      stream.onerror = () => {
        // The ticket was single-use: never let EventSource retry with it; start over instead.
        if (source === stream) scheduleReconnect();
      };
    };

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
      source = null;
    };
  }, [enabled, queryClient]);
}
