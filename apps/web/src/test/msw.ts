import {
  ERROR_STATUS,
  type ApiContract,
  type ContractBody,
  type ContractOutput,
  type ErrorCodeValue,
} from '@parish/shared';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API as the render tests see it: an MSW server in the test process (`msw/node`) that answers
 * the screens' `fetch` calls. Every handler is built from a shared contract
 * (packages/shared/src/contracts), so a test answers the route the server declares, the body the
 * web sends is checked against the server's own input schema, and the answer against the
 * contract's output schema: a screen tested here talks to the API as the server defines it.
 */

/** The MSW server of the render tests; started, reset after each test and closed by dom-setup.ts. */
export const server = setupServer();

/** One call of a contract as its handler sees it. */
export interface ContractCall<C extends ApiContract> {
  /** The JSON body as sent (checked against the contract's body schema first). */
  body: ContractBody<C>;
  /** The path parameters (`:id` of the contract's path). */
  params: Readonly<Record<string, string>>;
  /** The full address, for the query. */
  url: URL;
  /** The request itself, for its headers. */
  request: Request;
}

/** What a handler gives back: the contract's 2xx answer, or a response of its own (an error). */
export type ContractReply<C extends ApiContract> = ContractOutput<C> | Response;

/** How a handler answers one call of a contract. */
export type Replier<C extends ApiContract> = (call: ContractCall<C>) => ContractReply<C> | Promise<ContractReply<C>>;

/**
 * An MSW handler for `contract` (its method and path): `on(contract).reply(call => answer)`. The
 * two steps fix the contract's type before the answer is checked against it, so an answer's
 * literals (`success: true`, `mode: 'off'`) need no casts. A body that the server's schema refuses
 * is answered 400 `VALIDATION_FAILED` as the server would, without calling `reply`; an answer that
 * does not match the contract's output schema throws (MSW then answers 500 and prints why), so a
 * test cannot feed a screen something the server never sends.
 * @returns `reply(replier)`: the handler, for `server.use(...)`; the replier gets the call and
 *   returns the answer (or a Response, e.g. from {@link refuse}).
 */
export function on<C extends ApiContract>(contract: C) {
  return { reply: (replier: Replier<C>) => handlerOf(contract, replier) };
}

function handlerOf<C extends ApiContract>(contract: C, replier: Replier<C>) {
  const method = contract.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](contract.path, async ({ request, params }) => {
    const body: unknown = contract.body
      ? await request
          .clone()
          .json()
          .catch(() => undefined)
      : undefined;
    if (contract.body) {
      const checked = contract.body.safeParse(body);
      if (!checked.success) return refuse('VALIDATION_FAILED', checked.error.issues[0]?.message ?? 'Invalid body');
    }
    const result = await replier({
      body: body as ContractBody<C>,
      params: params as Record<string, string>,
      url: new URL(request.url),
      request,
    });
    if (result instanceof Response) return result;
    const checked = contract.output.safeParse(result);
    if (!checked.success) {
      throw new Error(`${contract.method} ${contract.path}: answer not of the contract: ${checked.error.message}`);
    }
    return HttpResponse.json(result as object);
  });
}

/**
 * The API's error answer (`errorBodySchema`): `{ success: false, error, code }` with the status
 * of `code` (`ERROR_STATUS`, e.g. `SHEET_CLOSED` -> 409, `INVALID_CREDENTIALS` -> 401).
 * @param error the product's text, as the server words it (take it from `MSG` / `OFFICE_MSG`).
 */
export function refuse(code: ErrorCodeValue, error: string): Response {
  return HttpResponse.json({ success: false, error, code }, { status: ERROR_STATUS[code] });
}
