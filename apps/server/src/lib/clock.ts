/** The source of "now", injected through `buildApp` so tests can move time. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
