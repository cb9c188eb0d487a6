/** A started worker: the way to stop it. */
export interface WorkerHandle {
  /** Stops the worker and waits for its work in progress to end or be handed back. Idempotent. */
  stop(): Promise<void>;
}
