/**
 * The logging calls services and workers make: pino's shape (an object of fields, then a
 * message). Fastify's logger and a plain pino logger both satisfy it, so services need neither.
 */
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
