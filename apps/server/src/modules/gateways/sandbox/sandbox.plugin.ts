import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@parish/shared';

import {
  razorpayCaptureApi,
  razorpayCaptureInput,
  razorpayCreateOrderApi,
  razorpayOrderApi,
  razorpayOrderInput,
  razorpayOrderPaymentsApi,
  razorpayPaymentApi,
  worldlineStatusApi,
  worldlineStatusQuery,
  type SandboxAnswer,
} from './sandbox-api.ts';
import {
  OUTCOMES,
  razorpayPayDecide,
  razorpayPayPage,
  razorpayPayQuery,
  worldlineBankDecide,
  worldlineBankPage,
  worldlineRequestQuery,
  type SandboxPage,
} from './sandbox-bank.ts';
import { razorpaySettlementReconApi, razorpaySettlementsApi } from './sandbox-settlements.ts';
import { AUTOSUBMIT_JS, PAGE_CSP, RAZORPAY_CHECKOUT_JS, WORLDLINE_CHECKOUT_JS } from './sandbox-pages.ts';

/**
 * THE SANDBOX GATEWAYS (not part of the product's payment logic): while a gateway has no live
 * credentials, the server plays it under `/api/sandbox/…`, so the whole online flow runs and is
 * tested without the internet (`docs/ARCHITECTURE.md`, "Payment gateways"). Registered only in
 * sandbox mode (`sandboxModeOn`); each route still answers 404 while its own gateway is live.
 *
 * Worldline: `checkout.js` with Paynimo's call shape (`$.pnCheckout(config)`, a tiny `$` shim),
 * the simulated bank page, and the status API `paynimoV2.req` that dual verification calls.
 * Razorpay: `checkout.js` with `new Razorpay(options).open()`, the simulated payment page, and
 * the REST API subset the server uses. The pages and decisions are in `sandbox-bank.ts`, the APIs
 * in `sandbox-api.ts` (which the sandbox transport also calls in-process).
 */
export async function sandboxPlugin(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sandbox/autosubmit.js',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary: 'SANDBOX: submits the return form of a sandbox gateway page.',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => sendScript(reply, AUTOSUBMIT_JS),
  );
  await app.register(worldlineSandboxRoutes);
  await app.register(razorpaySandboxRoutes);
}

const open = { roles: 'public' as const };

const html = {
  200: z.string().meta({ description: 'HTML page' }),
  400: z.union([z.string(), errorBodySchema]),
  404: z.string(),
};

function sendScript(reply: FastifyReply, script: string) {
  return reply
    .header('content-type', 'text/javascript; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(script);
}

function sendPage(reply: FastifyReply, answer: SandboxPage) {
  return reply
    .status(answer.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(answer.html);
}

function sendAnswer(reply: FastifyReply, answer: SandboxAnswer) {
  return reply.status(answer.status).send(answer.body);
}

/** A sandbox gateway's browser side, as {@link gatewayPageRoutes} registers it. */
interface GatewayPages<Q extends z.ZodObject> {
  /** The gateway's sandbox prefix, `/api/sandbox/worldline`. */
  prefix: `/api/sandbox/${string}`;
  /** The page's path under the prefix (`bank`, `pay`). */
  page: string;
  /** True while the gateway is live: every route then answers 404. */
  live: () => boolean;
  /** The checkout.js stand-in. */
  script: string;
  /** The page's query, which the decision's form posts back with its `outcome`. */
  query: Q;
  /** The page for a query. */
  show: (query: z.output<Q>) => SandboxPage;
  /** The decision of a form post. */
  decide: (body: z.output<Q> & { outcome: (typeof OUTCOMES)[number] }) => SandboxPage;
  /** The OpenAPI summaries of the three routes. */
  summaries: { script: string; page: string; decide: string };
}

/**
 * Registers a sandbox gateway's checkout.js (`GET prefix/checkout.js`), its page (`GET
 * prefix/page`) and the page's decision (`POST prefix/page`), each answering 404 while the gateway
 * is live.
 */
function gatewayPageRoutes<Q extends z.ZodObject>(app: FastifyInstance, pages: GatewayPages<Q>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { live } = pages;
  const decideBody = pages.query.extend({ outcome: z.enum(OUTCOMES) });
  r.get(
    `${pages.prefix}/checkout.js`,
    {
      config: open,
      schema: { tags: ['sandbox'], summary: pages.summaries.script, response: { 200: z.string(), 404: z.string() } },
    },
    async (_request, reply) => (live() ? reply.status(404).send('Not found') : sendScript(reply, pages.script)),
  );
  r.get(
    `${pages.prefix}/${pages.page}`,
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary: pages.summaries.page,
        querystring: pages.query,
        produces: ['text/html'],
        response: html,
      },
    },
    async (request, reply) =>
      live() ? reply.status(404).send('Not found') : sendPage(reply, pages.show(request.query as z.output<Q>)),
  );
  r.post(
    `${pages.prefix}/${pages.page}`,
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary: pages.summaries.decide,
        body: decideBody,
        produces: ['text/html'],
        response: html,
      },
    },
    async (request, reply) =>
      live()
        ? reply.status(404).send('Not found')
        : sendPage(reply, pages.decide(request.body as z.output<Q> & { outcome: (typeof OUTCOMES)[number] })),
  );
}

/** The Worldline sandbox: checkout.js, the bank page and its decision, the status API. */
async function worldlineSandboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const live = () => deps.config.worldline.mode !== 'sandbox';
  gatewayPageRoutes(app, {
    prefix: '/api/sandbox/worldline',
    page: 'bank',
    live,
    script: WORLDLINE_CHECKOUT_JS,
    query: worldlineRequestQuery,
    show: (query) => worldlineBankPage(deps, query),
    decide: (body) => worldlineBankDecide(deps, body),
    summaries: {
      script:
        'SANDBOX Worldline: checkout.js stand-in, `$.pnCheckout(config)` goes to the sandbox bank page. 404 when live.',
      page:
        'SANDBOX Worldline: the simulated bank page. Checks the request token (SHA-512 with the sandbox salt) and ' +
        'offers Success, Failure and Cancel. 400 on a bad token; 404 when live.',
      decide:
        'SANDBOX Worldline: the bank decides (form post). Records the outcome for the status API and POSTs the ' +
        'hashed `msg` to /api/worldline/callback. 400 on a bad token or a transaction id used before; 404 when live.',
    },
  });
  r.post(
    '/api/sandbox/worldline/api/paynimoV2.req',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Worldline status API (dual verification `requestType: "S"` by tpsl_txn_id, offline `"O"` by our ' +
          'txnId), answering the shape of paynimoV2.req; 9999 when unknown. 404 when live.',
        body: worldlineStatusQuery,
        response: { 200: z.record(z.string(), z.unknown()), 404: errorBodySchema },
      },
    },
    async (request, reply) => sendAnswer(reply, worldlineStatusApi(deps, request.body)),
  );
}

const rzJson = { 200: z.record(z.string(), z.unknown()), 400: z.unknown(), 401: z.unknown(), 404: z.unknown() };
const idParams = z.object({ id: z.string() });

/** The Razorpay sandbox: checkout.js, the payment page and its decision, the REST API subset. */
async function razorpaySandboxRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  gatewayPageRoutes(app, {
    prefix: '/api/sandbox/razorpay',
    page: 'pay',
    live: () => deps.config.razorpay.mode !== 'sandbox',
    script: RAZORPAY_CHECKOUT_JS,
    query: razorpayPayQuery,
    show: (query) => razorpayPayPage(deps, query),
    decide: (body) => razorpayPayDecide(deps, body),
    summaries: {
      script:
        'SANDBOX Razorpay: checkout.js stand-in, `new Razorpay(options).open()` goes to the sandbox payment page. 404 when live.',
      page: 'SANDBOX Razorpay: the simulated payment page for an order (Success, Failure, Cancel). 400 unknown order or key; 404 when live.',
      decide:
        'SANDBOX Razorpay: the payment decides (form post), then POSTs the checkout fields (signed with the sandbox ' +
        'key secret) or error[...] fields to /api/razorpay/callback. 404 when live.',
    },
  });
  await app.register(razorpaySandboxApi);
}

/** The Razorpay sandbox REST API (`sandbox-api.ts`). */
async function razorpaySandboxApi(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  r.post(
    '/api/sandbox/razorpay/v1/orders',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Razorpay Orders API: creates an order (amount in paise, at least 100). Basic auth with the sandbox key. 404 when live.',
        body: razorpayOrderInput,
        response: rzJson,
      },
    },
    async (request, reply) =>
      sendAnswer(reply, razorpayCreateOrderApi(deps, request.headers.authorization, request.body)),
  );
  r.post(
    '/api/sandbox/razorpay/v1/payments/:id/capture',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Razorpay: capture an authorized payment (amount in paise, the authorized amount; INR). ' +
          '400 already captured or not authorized, as Razorpay. Basic auth with the sandbox key. 404 when live.',
        params: idParams,
        body: razorpayCaptureInput,
        response: rzJson,
      },
    },
    async (request, reply) =>
      sendAnswer(reply, razorpayCaptureApi(deps, request.headers.authorization, request.params.id, request.body)),
  );
  const reads = [
    [
      '/api/sandbox/razorpay/v1/orders/:id',
      'SANDBOX Razorpay: fetch an order. 404 when unknown or live.',
      razorpayOrderApi,
    ],
    [
      '/api/sandbox/razorpay/v1/orders/:id/payments',
      'SANDBOX Razorpay: the payments of an order. 404 when live.',
      razorpayOrderPaymentsApi,
    ],
    ['/api/sandbox/razorpay/v1/payments/:id', 'SANDBOX Razorpay: fetch a payment. 404 when live.', razorpayPaymentApi],
  ] as const;
  const settlementReads = [
    [
      '/api/sandbox/razorpay/v1/settlements',
      'SANDBOX Razorpay: fetch all settlements (from/to unix seconds, count, skip); captured payments settle T+2 ' +
        'with a 2% fee and 18% GST on it. 404 when live.',
      razorpaySettlementsApi,
    ],
    [
      '/api/sandbox/razorpay/v1/settlements/recon/combined',
      'SANDBOX Razorpay: settlement recon of a day or month (year, month, day, count, skip). 404 when live.',
      razorpaySettlementReconApi,
    ],
  ] as const;
  for (const [url, summary, read] of settlementReads) {
    r.get(
      url,
      {
        config: open,
        exposeHeadRoute: false,
        schema: {
          tags: ['sandbox'],
          summary,
          querystring: z.record(z.string(), z.string()),
          response: rzJson,
        },
      },
      async (request, reply) =>
        sendAnswer(
          reply,
          read(deps, request.headers.authorization, new URLSearchParams(request.query as Record<string, string>)),
        ),
    );
  }
  for (const [url, summary, read] of reads) {
    r.get(
      url,
      // Basic auth answers 401 like Razorpay; no automatic HEAD twin (it would look like the role guard).
      {
        config: open,
        exposeHeadRoute: false,
        schema: { tags: ['sandbox'], summary, params: idParams, response: rzJson },
      },
      async (request, reply) => sendAnswer(reply, read(deps, request.headers.authorization, request.params.id)),
    );
  }
}
