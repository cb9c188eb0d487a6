import type { ServerResponse } from 'node:http';

import type { ServiceContext } from '../../context.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { eventFor, sseFrame } from './event-routing.ts';
import type { StreamSubject } from './event-tickets.ts';

/** Comment line sent on an idle stream so proxies and browsers keep it open (every 20 s). */
export const HEARTBEAT_MS = 20_000;

/**
 * Starts a server-sent-events stream (`text/event-stream`) on an HTTP response: the headers, a
 * `: connected` comment, then an `event: <type>` + `data: {"type","memberId"?,"data"?}` frame for
 * each change event `subject` may see in the request's parish (see {@link eventFor}) and a `: heartbeat` comment every
 * 20 s. The response stays open; the caller ends it.
 * @returns the function that stops writing to it (idempotent)
 */
export function openEventStream(
  ctx: ServiceContext,
  input: { subject: StreamSubject; response: ServerResponse },
): () => void {
  const { response } = input;
  // The stream's parish: the request's (its ticket was redeemed in it).
  const subject = { ...input.subject, parishId: currentParishId() };
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  response.write(': connected\n\n');
  const unsubscribe = ctx.events.subscribe((event) => {
    const visible = eventFor(subject, event);
    if (visible) response.write(sseFrame(visible));
  });
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
}
