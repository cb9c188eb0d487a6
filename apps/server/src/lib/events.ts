import { EventEmitter } from 'node:events';

import type { TypedAppEvent } from '@parish/shared';

import { currentParishId } from '../db/parish-scope.ts';

/**
 * One change event of the live-update stream (`docs/ARCHITECTURE.md`, live updates;
 * `GET /api/subscribe`): `{ type, memberId?, data? }`, its type one of `AppEventType` and its
 * `data` typed per type by `AppEventPayloads` of `@parish/shared`. `memberId` lets the server send a member only their own
 * events; `data` must be safe to show to whoever the event is routed to.
 */
export type AppEvent = TypedAppEvent & {
  /**
   * The parish the event happened in (issue 28, decision 0128): stamped by {@link EventBus.publish}
   * from the work in progress (`currentParishId()`) when the publisher names none; a listener shows
   * or acts on an event in its own parish only. Never sent to a browser (`sseFrame`).
   */
  parishId?: number | null;
};

/**
 * The in-process event bus. Services publish AFTER their transaction commits; the
 * server-sent-events route and the workers subscribe. The event relay worker
 * (`workers/event-relay.ts`, PostgreSQL LISTEN/NOTIFY) carries events between processes: it sets
 * `relay` and calls `deliver` for events that came from elsewhere.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  /** Set by the event relay worker while it runs; null (events stay in this process) otherwise. */
  relay: ((event: AppEvent) => void) | null = null;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /**
   * Publishes an event to this process's subscribers and, when set, to the relay, stamped with the
   * parish of the work in progress unless it names one.
   */
  publish(event: AppEvent): void {
    const stamped = event.parishId === undefined ? { ...event, parishId: currentParishId() } : event;
    this.deliver(stamped);
    this.relay?.(stamped);
  }

  /** Hands an event to this process's subscribers only. */
  deliver(event: AppEvent): void {
    this.emitter.emit('event', event);
  }

  /** Subscribes to every event; returns the unsubscribe function. */
  subscribe(listener: (event: AppEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
