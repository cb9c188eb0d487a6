import { ErrorCode, MSG } from '@parish/shared';

import type { GatewayTransport, TransportRequest, TransportResponse } from '../gateway-client.ts';
import {
  razorpayCaptureApi,
  razorpayCaptureInput,
  razorpayCreateOrderApi,
  razorpayError,
  razorpayOrderApi,
  razorpayOrderInput,
  razorpayOrderPaymentsApi,
  razorpayPaymentApi,
  worldlineStatusApi,
  worldlineStatusQuery,
  type SandboxAnswer,
  type SandboxDeps,
} from './sandbox-api.ts';
import { razorpaySettlementReconApi, razorpaySettlementsApi } from './sandbox-settlements.ts';

/**
 * The gateway transport of sandbox mode: a URL that is a path of the server itself (`/…`, the
 * sandbox's default status and API URLs) is answered in-process by the sandbox API handlers, with
 * the same JSON text in and out as over HTTP; any other URL goes to `fallback` (fetch).
 */
export function sandboxTransport(deps: SandboxDeps, fallback: GatewayTransport): GatewayTransport {
  return async (request) => (isOwnPath(request.url) ? answerInProcess(deps, request) : fallback(request));
}

/** A path of the server itself: `/…` but not a protocol-relative `//host/…`. */
function isOwnPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

const notFound: SandboxAnswer = {
  status: 404,
  body: { success: false, error: MSG.notFound, code: ErrorCode.NOT_FOUND },
};
const invalid: SandboxAnswer = {
  status: 400,
  body: { success: false, error: MSG.invalidInput, code: ErrorCode.VALIDATION_FAILED },
};

/** The JSON body of a request, or undefined when it has none or it is not JSON. */
function jsonBody(request: TransportRequest): unknown {
  if (request.body === undefined) return undefined;
  try {
    return JSON.parse(request.body) as unknown;
  } catch {
    return undefined;
  }
}

/** Routes one request to its sandbox API handler (as the HTTP routes would: body checked first). */
function route(deps: SandboxDeps, request: TransportRequest): SandboxAnswer {
  const path = request.url.split('?')[0] ?? '';
  const authorization = request.headers['authorization'];
  if (request.method === 'POST' && path === '/api/sandbox/worldline/api/paynimoV2.req') {
    const query = worldlineStatusQuery.safeParse(jsonBody(request));
    return query.success ? worldlineStatusApi(deps, query.data) : invalid;
  }
  if (request.method === 'POST' && path === '/api/sandbox/razorpay/v1/orders') {
    const input = razorpayOrderInput.safeParse(jsonBody(request));
    return input.success ? razorpayCreateOrderApi(deps, authorization, input.data) : invalid;
  }
  if (request.method === 'GET' && path === '/api/sandbox/razorpay/v1/settlements') {
    return razorpaySettlementsApi(deps, authorization, queryOf(request.url));
  }
  if (request.method === 'GET' && path === '/api/sandbox/razorpay/v1/settlements/recon/combined') {
    return razorpaySettlementReconApi(deps, authorization, queryOf(request.url));
  }
  const capture = /^\/api\/sandbox\/razorpay\/v1\/payments\/([^/]+)\/capture$/.exec(path);
  if (request.method === 'POST' && capture) {
    const input = razorpayCaptureInput.safeParse(jsonBody(request));
    const id = safeDecode(capture[1] ?? '');
    if (id === null) return { status: 400, body: razorpayError('The id provided does not exist') };
    return input.success ? razorpayCaptureApi(deps, authorization, id, input.data) : invalid;
  }
  const match = /^\/api\/sandbox\/razorpay\/v1\/(orders|payments)\/([^/]+)(\/payments)?$/.exec(path);
  if (request.method !== 'GET' || !match) return notFound;
  const id = safeDecode(match[2] ?? '');
  if (id === null) return { status: 400, body: razorpayError('The id provided does not exist') };
  if (match[1] === 'payments') return match[3] ? notFound : razorpayPaymentApi(deps, authorization, id);
  return match[3] ? razorpayOrderPaymentsApi(deps, authorization, id) : razorpayOrderApi(deps, authorization, id);
}

/** The query of a request URL. */
function queryOf(url: string): URLSearchParams {
  return new URLSearchParams(url.split('?')[1] ?? '');
}

/** A path segment decoded, or null when it is not valid percent-encoding. */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

async function answerInProcess(deps: SandboxDeps, request: TransportRequest): Promise<TransportResponse> {
  const answer = route(deps, request);
  return { status: answer.status, text: JSON.stringify(answer.body) };
}
