// Runs one autocannon load in a process of its own (`load.ts` starts it), so that the load
// generator shares nothing but the CPUs with the server it measures (`docs/domain.md`, §12 "How we
// measure": one process each). Reads `{ options, warmup, paths }` as JSON on stdin, writes the
// sorted response times (ms) and the count of non-2xx answers as JSON on stdout. With `paths`, each
// request (warm-up included) takes the next path of the list in turn, across all connections, so
// that no two requests of a run ask the same thing until the list is used up; an entry may also be
// `{ path, method, body, headers }` (a different body or caller per request, as collections need). `seconds` is the
// timed run's wall time up to its last answer (for throughput). Plain JavaScript: run by node without tsx.
import { text } from 'node:stream/consumers';

import autocannon from 'autocannon';

const { options, warmup, paths } = JSON.parse(await text(process.stdin));
let next = 0;
const requests = paths?.length
  ? [
      {
        setupRequest: (request) => {
          const item = paths[next++ % paths.length];
          return typeof item === 'string' ? { ...request, path: item } : { ...request, ...item };
        },
      },
    ]
  : undefined;
const withPaths = requests ? { ...options, requests } : options;
if (warmup > 0) await autocannon({ ...withPaths, amount: warmup });
const times = [];
const started = performance.now();
let lastResponse = started;
const instance = autocannon(withPaths);
instance.on('response', (_client, _status, _bytes, responseTime) => {
  times.push(responseTime);
  lastResponse = performance.now();
});
const result = await instance;
times.sort((a, b) => a - b);
// Up to the last answer: autocannon itself notices that `amount` is reached only on its next
// one-second tick, which would round every run's time up to whole seconds.
const seconds = (lastResponse - started) / 1000;
process.stdout.write(JSON.stringify({ times, non2xx: result.non2xx, seconds }));
