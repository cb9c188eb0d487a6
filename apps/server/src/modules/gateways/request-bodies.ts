import { Readable } from 'node:stream';

import type { FastifyInstance, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';

import { ErrorCode } from '@parish/shared';

import { AppError } from '../../lib/app-error.ts';

/**
 * The request bodies gateways send that the app does not read by default: HTML form posts (the
 * return URL, Razorpay's callback, the sandbox bank pages) and webhook bodies whose signature is
 * over the raw bytes (never over re-serialised JSON).
 */

/** The most a raw body kept for its signature may weigh, in bytes. */
const RAW_BODY_LIMIT = 1_048_576;

/**
 * Parses `application/x-www-form-urlencoded` bodies (up to 64 KiB) into an object of strings,
 * in `app`'s context and its children, unless a parser is already there.
 */
export function addFormBodyParser(app: FastifyInstance): void {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 65_536 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * A route's `preParsing` hook that keeps the raw body bytes (read them with {@link rawBodyOf})
 * and hands the same bytes on to the body parser.
 * @throws AppError 413 'The request is too large' above 1 MiB.
 */
export const captureRawBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > RAW_BODY_LIMIT) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'The request is too large');
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks);
  rawBodies.set(request, raw);
  return Readable.from([raw]);
};

/** The raw body {@link captureRawBody} kept for the request (empty when none). */
export function rawBodyOf(request: FastifyRequest): Buffer {
  return rawBodies.get(request) ?? Buffer.alloc(0);
}
