// Runs one autocannon load in a process of its own (`load.ts` starts it), so that the load
// generator shares nothing but the CPUs with the server it measures (`docs/domain.md`, §12 "How we
// measure": one process each). Reads `{ options, warmup, paths }` as JSON on stdin, writes the
// sorted response times (ms) and the count of non-2xx answers as JSON on stdout. With `paths`, each
// request (warm-up included) takes the next path of the list in turn, across all connections, so
// that no two requests of a run ask the same thing until the list is used up. Plain JavaScript: run
// by node without tsx.
import { text } from 'node:stream/consumers';

import autocannon from 'autocannon';

const { options, warmup, paths } = JSON.parse(await text(process.stdin));
let next = 0;
const requests = paths?.length
  ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }]
  : undefined;
const withPaths = requests ? { ...options, requests } : options;
if (warmup > 0) await autocannon({ ...withPaths, amount: warmup });
const times = [];
const instance = autocannon(withPaths);
instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
const result = await instance;
times.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ times, non2xx: result.non2xx }));
