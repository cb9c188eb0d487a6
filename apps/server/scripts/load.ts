import { spawn } from 'node:child_process';

import type { Options } from 'autocannon';

/** One request of a load with its own method and body (a collection, say). */
export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  body?: string;
  /** This request's headers, in place of the load's (another caller's token, say). */
  headers?: Record<string, string>;
}

/** What {@link measureLoad} measured: times in ms (ascending), non-2xx answers, wall seconds. */
export interface LoadResult {
  times: number[];
  non2xx: number;
  seconds: number;
}

/**
 * Measures response times under load with autocannon in a process of its own
 * (`load-process.mjs`), so that the load generator shares neither the event loop, the heap nor
 * the garbage collector of the server it measures (`docs/domain.md`, §12 "How we measure": one process each). Nothing
 * is pinned to a core: with the server on one core and autocannon on the other, as when the bare
 * floors were measured (`docs/domain.md`, §12 "Floors measured on the target machine"), the member
 * list's p95 went from 23–30 to 32–42 ms, since the server then shares its one core with the
 * database's processes. The first `warmup` requests are not timed. With `paths`, the requests
 * (warm-up first) take these URL paths (or `{ path, method, body }`) in turn instead of the path
 * of `options.url`.
 * @returns the response times in ms, sorted ascending, the count of non-2xx answers and the timed
 *   run's wall time in seconds.
 * @throws when the load process fails.
 */
export function measureLoad(
  options: Options,
  warmup: number,
  paths?: readonly (string | LoadRequest)[],
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const script = new URL('./load-process.mjs', import.meta.url).pathname;
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load process exited with ${code}`));
      else resolve(JSON.parse(output) as LoadResult);
    });
    child.stdin.end(JSON.stringify({ options, warmup, paths }));
  });
}
