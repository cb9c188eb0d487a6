import { z } from 'zod';

/** An entity id on the wire: the specification's `_id`, an opaque UUID string. */
export const idSchema = z.uuid();

/** Path parameters `{ id }`. */
export const idParamsSchema = z.object({ id: idSchema });

/**
 * The one error body of the API (`api-contract.md`, conventions): every non-2xx answer.
 * `error` is the specification's own text where it has one.
 */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** The error body as a TypeScript type. */
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{ success: true }` answers. */
export const successSchema = z.object({ success: z.literal(true) });

/** Page and limit of a list query: page 1-based, limit at most 100 (default 10). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** A paginated list answer: `{ items, total, page, limit }`. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

/**
 * Machine codes of the error body. Each says what went wrong; the HTTP status comes from
 * {@link ERROR_STATUS}.
 */
export const ErrorCode = {
  /** The request's body, query or parameters fail validation. */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** No token, or a token that is expired, forged or revoked. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** Signed in, but this role may not do this. */
  FORBIDDEN: 'FORBIDDEN',
  /** The thing does not exist, or is not the caller's to see. */
  NOT_FOUND: 'NOT_FOUND',
  /** The change conflicts with the current state (duplicate, already paid, not reversible). */
  CONFLICT: 'CONFLICT',
  /** Too many attempts; try again later. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** The body is over the size limit. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The body is not JSON (or another type the route accepts). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** A dependency (database, gateway) does not answer. */
  UNAVAILABLE: 'UNAVAILABLE',
  /** An unexpected fault; details are in the server log under the request id. */
  INTERNAL: 'INTERNAL',
} as const;

/** One of {@link ErrorCode}. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status of each error code. */
export const ERROR_STATUS: Record<ErrorCodeValue, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};
