import { ERROR_STATUS, ErrorCode, type ErrorCodeValue } from '@parish/shared';

/**
 * The one error type services throw. The error handler turns it into the API's error body
 * `{ success: false, error, code, details? }` with the status of its code.
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

/** 404 with the given message. */
export const notFound = (message: string) => new AppError(ErrorCode.NOT_FOUND, message);
/** 409 with the given message. */
export const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, message);
/** 400 with the given message, optionally naming the field. */
export const badRequest = (message: string, field?: string) =>
  new AppError(ErrorCode.VALIDATION_FAILED, message, field ? [{ field, message }] : undefined);
