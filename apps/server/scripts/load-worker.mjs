// Runs one autocannon load in a worker thread, so the load generator does not share the event
// loop of the server it measures (performance.md: keep the load generator off the server's
// core where possible). Receives `{ options, warmup, paths }`, posts back the sorted response
// times (ms) and the count of non-2xx answers. With `paths`, each request (warm-up included)
// takes the next path of the list in turn, across all connections, so that no two requests of a
// run ask the same thing until the list is used up. Plain JavaScript: worker threads do not load
// tsx.
import { parentPort, workerData } from 'node:worker_threads';

import autocannon from 'autocannon';

const { options, warmup, paths } = workerData;
let next = 0;
const requests = paths?.length
  ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }]
  : undefined;
const withPaths = requests ? { ...options, requests } : options;
await autocannon({ ...withPaths, amount: warmup });
const times = [];
const instance = autocannon(withPaths);
instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
const result = await instance;
times.sort((a, b) => a - b);
parentPort?.postMessage({ times, non2xx: result.non2xx });
