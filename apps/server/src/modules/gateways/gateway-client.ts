import type { FastifyInstance } from 'fastify';

/**
 * HTTP calls to the gateways' server APIs (Worldline paynimoV2.req, Razorpay REST). A URL that
 * starts with `/` is the server's own sandbox route, called in-process through `app.inject`
 * (same request and response bytes, no network); any other URL is fetched over HTTPS with a
 * 10-second timeout (`security-and-reliability.md` RS-03). TLS verification is never turned off.
 */

/** The gateway could not be reached, timed out, or answered something that is not its API's JSON. */
export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

/** Timeout of one gateway call, in milliseconds. */
export const GATEWAY_TIMEOUT_MS = 10_000;

/** One HTTP request to a gateway API. */
export interface GatewayRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * Sends a request to a gateway API and returns the parsed JSON body with the status.
 * @throws GatewayUnavailableError on a network error, timeout, 5xx or a body that is not JSON.
 */
export async function callGateway(
  app: FastifyInstance,
  request: GatewayRequest,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  let status: number;
  let text: string;
  try {
    if (request.url.startsWith('/') && !request.url.startsWith('//')) {
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers,
        ...(payload !== undefined && { payload }),
      });
      status = response.statusCode;
      text = response.body;
    } else {
      const response = await fetch(request.url, {
        method: request.method,
        headers,
        ...(payload !== undefined && { body: payload }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    }
  } catch (error) {
    throw new GatewayUnavailableError(`gateway call failed: ${(error as Error).message}`);
  }
  if (status >= 500) throw new GatewayUnavailableError(`gateway answered ${status}`);
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    throw new GatewayUnavailableError(`gateway answered ${status} with a body that is not JSON`);
  }
}

/** `Authorization: Basic base64(key_id:key_secret)` for the Razorpay API (B.1). */
export function razorpayAuthHeader(keyId: string, keySecret: string): string {
  return `Basic ${Buffer.from(`${keyId}:${keySecret}`, 'utf8').toString('base64')}`;
}
