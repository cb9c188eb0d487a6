import type { Socket } from 'node:net';

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { ERROR_STATUS, ErrorCode, MSG, findUnstorableText, type ErrorBody, type ErrorCodeValue } from '@parish/shared';

import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable, loggableError } from '../lib/db-errors.ts';

/** Seconds a client is asked to wait (`Retry-After`) when the database does not answer. */
export const RETRY_AFTER_SECONDS = 5;

function body(code: ErrorCodeValue, error: string, details?: ErrorBody['details']): ErrorBody {
  return details ? { success: false, error, code, details } : { success: false, error, code };
}

/**
 * One error shape for every non-2xx answer (`docs/domain.md`, §7 "Error contract";
 * `docs/ARCHITECTURE.md`, "Error contract"): `{ success: false, error, code, details? }`.
 * Validation errors carry the first issue's message (the product's text, as in `docs/domain.md`, §5
 * "Error and outcome messages", from the shared schemas) and every issue in `details`; 5xx answers
 * never carry internals, which go to the log under the request id.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // Every text of every /api request, before any route's own validation (so routes added later,
  // by anyone, are covered): NUL and lone surrogates answer 400 naming the field
  // (`docs/domain.md`, §5 "Text the database can hold").
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnstorableText(value);
      if (field !== null) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, MSG.unstorableText, [
          { field: field || part, message: MSG.unstorableText },
        ]);
      }
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || '',
        message: issue.message ?? MSG.invalidInput,
      }));
      return reply
        .status(400)
        .send(body(ErrorCode.VALIDATION_FAILED, details[0]?.message ?? MSG.invalidInput, details));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(body(ErrorCode.PAYLOAD_TOO_LARGE, MSG.tooLarge));
    if (status === 415) {
      return reply.status(415).send(body(ErrorCode.UNSUPPORTED_MEDIA_TYPE, MSG.invalidInput));
    }
    if (status === 429) {
      return reply.status(429).send(body(ErrorCode.RATE_LIMITED, error.message || MSG.tooManyAttempts));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, bad URL.
      return reply.status(status).send(body(ErrorCode.VALIDATION_FAILED, MSG.invalidInput));
    }
    // Logged without the query's parameters (member names, mobiles, search text): `loggableError`.
    request.log.error({ error: loggableError(error) }, 'request failed');
    if (isDatabaseUnavailable(error)) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply
        .status(ERROR_STATUS.UNAVAILABLE)
        .send(body(ErrorCode.UNAVAILABLE, `${MSG.genericError} (request ${request.id})`));
    }
    return reply
      .status(ERROR_STATUS.INTERNAL)
      .send(body(ErrorCode.INTERNAL, `${MSG.genericError} (request ${request.id})`));
  });
});

/**
 * Fastify's `frameworkErrors`: the answer to a URL its router refuses before any route, hook or
 * error handler runs, in the contract's error shape instead of Fastify's own body (issue 27
 * item 21; `docs/ARCHITECTURE.md`, "Error contract"): a path that is not valid percent-encoded
 * UTF-8 (`/api/members/%ED%A0%80`, `FST_ERR_BAD_URL`) 400 `VALIDATION_FAILED` 'Invalid request
 * data'; a path parameter over `maxParamLength` (a 300-character id, `FST_ERR_MAX_PARAM_LENGTH`) 414
 * `PAYLOAD_TOO_LARGE` 'The request is too large'; anything else (an asynchronous route constraint
 * that failed) 500 `INTERNAL` with the request id, logged.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(body(ErrorCode.VALIDATION_FAILED, MSG.invalidInput));
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(body(ErrorCode.PAYLOAD_TOO_LARGE, MSG.tooLarge));
  } else {
    request.log.error({ error: loggableError(error) }, 'request failed');
    void reply
      .status(ERROR_STATUS.INTERNAL)
      .send(body(ErrorCode.INTERNAL, `${MSG.genericError} (request ${request.id})`));
  }
}

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node's HTTP parser refuses before any
 * route runs (headers over the limit, a malformed request line, a request that took too long),
 * in the contract's error shape instead of Fastify's own body (`docs/ARCHITECTURE.md`, "Error
 * contract"): 431 `PAYLOAD_TOO_LARGE` 'The request is too large', 408 `UNAVAILABLE` 'Request
 * timeout', anything else 400 `VALIDATION_FAILED` 'Invalid request data'. The connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, errorBody] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'Request Header Fields Too Large', body(ErrorCode.PAYLOAD_TOO_LARGE, MSG.tooLarge)] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'Request Timeout', body(ErrorCode.UNAVAILABLE, MSG.requestTimeout)] as const)
        : ([400, 'Bad Request', body(ErrorCode.VALIDATION_FAILED, MSG.invalidInput)] as const);
  const json = JSON.stringify(errorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
