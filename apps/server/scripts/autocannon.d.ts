/**
 * The part of autocannon 9 (root devDependency, no bundled types) that `bench.ts` uses:
 * a run with fixed URL, connections, request count and headers; its `response` event gives each
 * response time in milliseconds; the result counts non-2xx answers.
 */
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  }
  export interface Result {
    non2xx: number;
    errors: number;
    latency: { p50: number; p99: number; average: number };
  }
  export interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
