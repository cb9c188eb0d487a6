import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How the stand-in answers one request:
 * - `ok`: 200 with a new `wamid` (`docs/domain.md`, §10 "WhatsApp answers");
 * - `429`: HTTP 429 with Meta's 130429 throughput error;
 * - `500`: HTTP 500 with Meta's 131000 "something went wrong";
 * - `permanent`: HTTP 400 with 131026 "Message undeliverable" (never worth retrying);
 * - `hang`: reads the request and never answers (until the stand-in closes);
 * - `pair`: HTTP 400 with Meta's 131056 pair rate limit (too many messages to one number; about
 *   one per 6 s goes through), also given by itself under {@link WhatsAppStandIn.enforcePairRate}.
 */
export type StandInAnswer = 'ok' | '429' | '500' | 'permanent' | 'hang' | 'pair';

/** One request the stand-in received. */
export interface StandInRequest {
  /** `Date.now()` when the request's body was complete. */
  at: number;
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown> & { to?: string };
  answer: StandInAnswer;
}

const ERRORS: Record<Exclude<StandInAnswer, 'ok' | 'hang'>, { status: number; body: unknown }> = {
  '429': {
    status: 429,
    body: {
      error: {
        message: '(#130429) Rate limit hit',
        type: 'OAuthException',
        code: 130429,
        error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
        fbtrace_id: 'Atest',
      },
    },
  },
  '500': {
    status: 500,
    body: { error: { message: '(#131000) Something went wrong', type: 'OAuthException', code: 131000 } },
  },
  permanent: {
    status: 400,
    body: {
      error: {
        message: '(#131026) Message undeliverable',
        type: 'OAuthException',
        code: 131026,
        error_data: { messaging_product: 'whatsapp', details: 'Message Undeliverable.' },
      },
    },
  },
  pair: {
    status: 400,
    body: {
      error: {
        message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
        type: 'OAuthException',
        code: 131056,
        error_data: {
          messaging_product: 'whatsapp',
          details:
            'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
        },
      },
    },
  },
};

/**
 * A local stand-in for the WhatsApp Cloud API (`docs/domain.md`, §10 "WhatsApp send" and "WhatsApp
 * answers"): a real HTTP server on 127.0.0.1 that records every request and answers each recipient
 * from a script (default `ok`). Point `WHATSAPP_BASE_URL` at {@link url}.
 */
export class WhatsAppStandIn {
  readonly requests: StandInRequest[] = [];
  private readonly scripts = new Map<string, StandInAnswer[]>();
  private readonly byNumber = new Map<number, StandInAnswer>();
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | null = null;
  private sequence = 0;
  private port = 0;
  private pairMs = 0;
  private readonly lastAcceptedAt = new Map<string, number>();

  /** The base URL (`http://127.0.0.1:<port>`). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Answers the next requests to `to` with these answers in order, then `ok`. */
  script(to: string, answers: StandInAnswer[]): void {
    this.scripts.set(to, [...answers]);
  }

  /** Answers the n-th request overall (1-based, counted over {@link requests}) with `answer`. */
  scriptNth(n: number, answer: StandInAnswer): void {
    this.byNumber.set(n, answer);
  }

  /**
   * Answers `pair` (131056) to a request for a number whose previous accepted message is less than
   * `ms` old, as Meta's pair rate limit does (0 turns it off).
   */
  enforcePairRate(ms: number): void {
    this.pairMs = ms;
  }

  /** Forgets every recorded request and script. */
  reset(): void {
    this.requests.length = 0;
    this.scripts.clear();
    this.byNumber.clear();
    this.lastAcceptedAt.clear();
    this.pairMs = 0;
  }

  /** The requests sent to one number. */
  requestsTo(to: string): StandInRequest[] {
    return this.requests.filter((request) => request.body.to === to);
  }

  /**
   * The one-time code of the latest authentication template sent to `to` (decision 0138): the
   * body's text parameter, which Meta's copy-code button repeats; undefined when none was sent.
   */
  codeSentTo(to: string): string | undefined {
    for (const request of [...this.requestsTo(to)].reverse()) {
      const template = request.body.template as
        { components?: { type?: string; parameters?: { text?: string }[] }[] } | undefined;
      const body = template?.components?.find((component) => component.type === 'body');
      const button = template?.components?.find((component) => component.type === 'button');
      const code = body?.parameters?.[0]?.text;
      if (code && /^\d{6}$/.test(code) && button?.parameters?.[0]?.text === code) return code;
    }
    return undefined;
  }

  /** Starts listening on 127.0.0.1 (`port` 0: any free port). */
  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      this.server?.once('error', reject);
      this.server?.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this;
  }

  /** Waits until `count` requests arrived (or throws after `timeoutMs`). */
  async waitForRequests(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) throw new Error(`stand-in got ${this.requests.length} of ${count} requests`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Stops: hanging requests are cut off, then the server closes. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.hanging.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: StandInRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StandInRequest['body'];
    } catch {
      body = {};
    }
    const to = typeof body.to === 'string' ? body.to : '';
    const queue = this.scripts.get(to);
    const previous = this.lastAcceptedAt.get(to);
    const tooSoon = this.pairMs > 0 && previous !== undefined && Date.now() - previous < this.pairMs;
    const scripted: StandInAnswer = this.byNumber.get(this.requests.length + 1) ?? queue?.shift() ?? 'ok';
    const answer: StandInAnswer = scripted === 'ok' && tooSoon ? 'pair' : scripted;
    if (answer === 'ok') this.lastAcceptedAt.set(to, Date.now());
    this.requests.push({
      at: Date.now(),
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
      answer,
    });
    if (answer === 'hang') {
      this.hanging.add(response);
      return;
    }
    if (answer === 'ok') {
      this.sequence += 1;
      const id = `wamid.TEST${String(this.sequence).padStart(6, '0')}`;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] }),
      );
      return;
    }
    const error = ERRORS[answer];
    response.writeHead(error.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(error.body));
  }
}
