import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { ERROR_STATUS, ErrorCode, MSG, type ErrorBody, type ErrorCodeValue } from '@parish/shared';

import { AppError } from '../lib/app-error.ts';

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
    request.log.error({ err: error }, 'request failed');
    const unavailable = /ECONNREFUSED|Connection terminated|connection/i.test(error.message ?? '');
    const code = unavailable ? ErrorCode.UNAVAILABLE : ErrorCode.INTERNAL;
    return reply.status(ERROR_STATUS[code]).send(body(code, `${MSG.genericError} (request ${request.id})`));
  });
});
