import { Worker } from 'node:worker_threads';

import type { Options } from 'autocannon';

/**
 * Measures response times under load with autocannon running in a worker thread (its own event
 * loop), after `warmup` requests.
 * @returns the response times in ms, sorted ascending, and the count of non-2xx answers.
 */
export function measureLoad(options: Options, warmup: number): Promise<{ times: number[]; non2xx: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { options, warmup },
    });
    worker.once('message', (message: { times: number[]; non2xx: number }) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
