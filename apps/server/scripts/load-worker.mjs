// Runs one autocannon load in a worker thread, so the load generator does not share the event
// loop of the server it measures (performance.md: keep the load generator off the server's
// core where possible). Receives `{ options, warmup }`, posts back the sorted response times
// (ms) and the count of non-2xx answers. Plain JavaScript: worker threads do not load tsx.
import { parentPort, workerData } from 'node:worker_threads';

import autocannon from 'autocannon';

const { options, warmup } = workerData;
await autocannon({ ...options, amount: warmup });
const times = [];
const instance = autocannon(options);
instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
const result = await instance;
times.sort((a, b) => a - b);
parentPort?.postMessage({ times, non2xx: result.non2xx });
