import { Worker } from 'node:worker_threads';

import type { Options } from 'autocannon';

/**
 * Measures response times under load with autocannon running in a worker thread (its own event
 * loop), after `warmup` requests. With `paths`, the requests (warm-up first) take these URL paths
 * in turn instead of the path of `options.url`.
 * @returns the response times in ms, sorted ascending, and the count of non-2xx answers.
 */
export function measureLoad(
  options: Options,
  warmup: number,
  paths?: readonly string[],
): Promise<{ times: number[]; non2xx: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { options, warmup, paths },
    });
    worker.once('message', (message: { times: number[]; non2xx: number }) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
