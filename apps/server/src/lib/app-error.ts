import { ERROR_STATUS, ErrorCode, type ErrorCodeOfKind, type ErrorCodeValue } from '@parish/shared';

/**
 * The one error type services throw. The error handler turns it into the API's error body
 * `{ success: false, error, code, details? }` with the status of its code (`ERROR_STATUS`): a
 * general code, or the domain code of the case (`ErrorCode.NOT_PENDING`, …), which answers with
 * its general code's status (`docs/ARCHITECTURE.md`, "Error contract").
 */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly statusCode: number;
  readonly details: { field: string; message: string }[] | undefined;

  constructor(code: ErrorCodeValue, message: string, details?: { field: string; message: string }[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = details;
  }
}

/** 404 with the given message; `code` NOT_FOUND or one of its domain codes (e.g. `NO_RECEIPT`). */
export const notFound = (message: string, code: ErrorCodeOfKind<'NOT_FOUND'> = ErrorCode.NOT_FOUND) =>
  new AppError(code, message);
/** 409 with the given message; `code` CONFLICT or one of its domain codes (e.g. `NOT_PENDING`). */
export const conflict = (message: string, code: ErrorCodeOfKind<'CONFLICT'> = ErrorCode.CONFLICT) =>
  new AppError(code, message);
/**
 * 400 with the given message, optionally naming the field (`details: [{ field, message }]`);
 * `code` VALIDATION_FAILED or one of its domain codes (e.g. `AMOUNT_BELOW_DUE`).
 */
export const badRequest = (
  message: string,
  field?: string,
  code: ErrorCodeOfKind<'VALIDATION_FAILED'> = ErrorCode.VALIDATION_FAILED,
) => new AppError(code, message, field ? [{ field, message }] : undefined);
