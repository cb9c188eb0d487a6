/**
 * HTTP calls to the gateways' server APIs (Worldline paynimoV2.req, Razorpay REST), through an
 * injected {@link GatewayTransport}: {@link fetchTransport} over HTTPS with a 10-second timeout
 * in production (TLS verification is never turned off); in sandbox mode a transport that answers
 * the server's own sandbox API in-process (`sandbox/sandbox-transport.ts`). The client itself
 * only serialises the request, and checks and parses the answer (`docs/ARCHITECTURE.md`,
 * "Payment gateways").
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

/** One HTTP request to a gateway API: `body` is sent as JSON. */
export interface GatewayRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** What a transport carries: the request with its headers complete and its body as JSON text. */
export interface TransportRequest {
  method: 'GET' | 'POST';
  /** An absolute URL, or (sandbox) a path of the server's own `/api/sandbox/…` API. */
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The JSON text of the body, or undefined for none. */
  body?: string | undefined;
}

/** What came back: the HTTP status and the body text. */
export interface TransportResponse {
  status: number;
  text: string;
}

/**
 * Sends one request and answers the status and body text. It may throw on a network error or
 * a timeout ({@link callGateway} turns that into a {@link GatewayUnavailableError}).
 */
export type GatewayTransport = (request: TransportRequest) => Promise<TransportResponse>;

/** The real transport: `fetch` with a {@link GATEWAY_TIMEOUT_MS} timeout. */
export const fetchTransport: GatewayTransport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined && { body: request.body }),
    signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
  });
  return { status: response.status, text: await response.text() };
};

/**
 * Sends a request to a gateway API through `transport` and returns the status with the parsed
 * JSON body (`accept: application/json`; `content-type: application/json` when there is a body).
 * @throws GatewayUnavailableError on a network error, timeout, 5xx or a body that is not JSON.
 */
export async function callGateway(
  transport: GatewayTransport,
  request: GatewayRequest,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  let answer: TransportResponse;
  try {
    answer = await transport({ method: request.method, url: request.url, headers, body: payload });
  } catch (error) {
    throw new GatewayUnavailableError(`gateway call failed: ${(error as Error).message}`);
  }
  const { status, text } = answer;
  if (status >= 500) throw new GatewayUnavailableError(`gateway answered ${status}`);
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    throw new GatewayUnavailableError(`gateway answered ${status} with a body that is not JSON`);
  }
}
