import { REMINDER_MSG, whatsAppApiErrorText, type Language } from '@parish/shared';

import type { TemplateNames, WhatsAppConfig } from '../../config/env.ts';

/**
 * The JSON body of one Cloud API send (`docs/domain.md`, §10 "WhatsApp send"): a template or a text
 * message to one number (digits only, country code first).
 */
export type WhatsAppMessageBody = Record<string, unknown> & {
  messaging_product: 'whatsapp';
  to: string;
  type: 'template' | 'text';
};

/**
 * How a failed send is handled (`docs/domain.md`, §9 "Sending" and §11 "WhatsApp";
 * `docs/decisions/0017-ambiguous-whatsapp-sends-never-resent.md`):
 * - `retryable`: definitely not accepted and worth trying again (HTTP 429, throughput codes
 *   130429 / 131056 / 4 / 80007, 5xx, connection refused before anything was sent);
 * - `permanent`: will fail again (131026 undeliverable, 132001 template missing, 131047 window
 *   closed, 131050 opted out, auth errors, other 4xx, missing template values) — not retried;
 * - `ambiguous`: the request may have been accepted (timeout, connection reset after sending) —
 *   recorded as `unknown` and never resent automatically (`docs/domain.md`, "WA-01" and "WA-03").
 */
export type SendFailureKind = 'retryable' | 'permanent' | 'ambiguous';

/** Meta error codes that mean "slow down" (`docs/domain.md`, §10 "WhatsApp error codes"): retried with back-off. */
const THROTTLE_CODES = new Set([130429, 131056, 4, 80007]);
/** Meta error codes of temporary faults (`docs/domain.md`, §10 "WhatsApp error codes"): retried. */
const TRANSIENT_CODES = new Set([131000, 1, 2, 131016, 133004]);

/** A send that did not succeed, with what to do about it. */
export class WhatsAppSendError extends Error {
  /** HTTP status, or 0 when no answer came. */
  readonly status: number;
  /** Meta's `error.code` when the body had one, else the HTTP status or a local code (TIMEOUT, NETWORK, PARAMS). */
  readonly errorCode: string;
  readonly kind: SendFailureKind;
  /** Seconds from a Retry-After header, when the provider sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message: string,
    options: { status: number; errorCode: string; kind: SendFailureKind; retryAfterSeconds?: number | undefined },
  ) {
    super(message);
    this.name = 'WhatsAppSendError';
    this.status = options.status;
    this.errorCode = options.errorCode;
    this.kind = options.kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * The payment link of a reminder (`docs/domain.md`, §9 "Reminder messages"): the configured public
 * origin (`PUBLIC_URL`, never the request's Host header) +
 * `/customer/login?mobile=<url-encoded>&type=payment`, which opens the member login in its 'Payment
 * Portal' mode (`docs/domain.md`, §2 "Member login screen").
 */
export function paymentLink(publicUrl: string, mobile: string): string {
  return `${publicUrl.replace(/\/$/, '')}/${paymentLinkSuffix(mobile)}`;
}

/**
 * The part of the payment link after the origin and its slash: the dynamic suffix a URL button
 * parameter carries (`docs/domain.md`, §10 "WhatsApp send": "developer-provided suffix appended to
 * the predefined prefix URL"), so the approved `payment` template's button URL must be
 * `{PUBLIC_URL}/{{1}}`.
 */
export function paymentLinkSuffix(mobile: string): string {
  return `customer/login?mobile=${encodeURIComponent(mobile)}&type=payment`;
}

/**
 * A template text parameter made safe (`docs/domain.md`, "WA-07"): Meta refuses newlines, tabs and long runs of
 * spaces in parameters, and WhatsApp markup (`*bold*`, `_italic_`, `~strike~`, backticks) in a
 * member's name must not format the message. Whitespace runs become one space; markup characters go.
 */
export function templateText(value: string): string {
  return value
    .replace(/[*_~`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function requireValues(...values: (string | null | undefined)[]): void {
  if (values.some((value) => !value || !value.trim())) {
    throw new WhatsAppSendError(REMINDER_MSG.missingTemplateParams, {
      status: 0,
      errorCode: 'PARAMS',
      kind: 'permanent',
    });
  }
}

function envelope(to: string): { messaging_product: 'whatsapp'; recipient_type: 'individual'; to: string } {
  return { messaging_product: 'whatsapp', recipient_type: 'individual', to };
}

/** An approved template: its name and the language code of the translation to send (Meta's `template.language.code`). */
export interface TemplateChoice {
  name: string;
  /** en, ml, hi or ta: Meta's codes for English, Malayalam, Hindi and Tamil. */
  language: Language;
}

/**
 * The template of a member's language (decision 0141): the name configured for that language, else
 * the English one (WHATSAPP_PAYMENT_TEMPLATES / WHATSAPP_RECEIPT_TEMPLATES, and from decision 0143
 * WHATSAPP_STATEMENT_TEMPLATES / WHATSAPP_ASSIGNMENT_TEMPLATES / WHATSAPP_SUCCESS_TEMPLATES; a language whose
 * translation is not approved in WhatsApp Manager is sent English rather than failing with 132001).
 */
export function templateFor(names: TemplateNames, language: Language): TemplateChoice {
  const name = names[language];
  return name ? { name, language } : { name: names.en, language: 'en' };
}

/**
 * The `payment` reminder template (`docs/domain.md`, §9 "Reminder messages"): the member's
 * language's template ({@link templateFor}; `payment`/`en` by default), body parameter the member's
 * name, URL button 0 with the payment link's suffix ({@link paymentLinkSuffix}). `callbackData`
 * (the delivery id) comes back in status webhooks as `biz_opaque_callback_data`.
 * @throws WhatsAppSendError 'Missing required template parameter values.' without a name or mobile.
 */
export function paymentTemplate(
  to: string,
  message: { memberName: string; mobile: string; template?: TemplateChoice },
  callbackData?: string,
): WhatsAppMessageBody {
  const { memberName, mobile, template = { name: 'payment', language: 'en' } } = message;
  requireValues(memberName, mobile);
  return {
    ...envelope(to),
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: templateText(memberName) }] },
        {
          type: 'button',
          sub_type: 'url',
          index: '0',
          parameters: [{ type: 'text', text: paymentLinkSuffix(mobile) }],
        },
      ],
    },
    ...(callbackData && { biz_opaque_callback_data: callbackData }),
  };
}

/** What the receipt document message carries (decision 0141). */
export interface ReceiptDocumentMessage {
  memberName: string;
  /** The receipt's number, `2026-27/000001`. */
  receiptNumber: string;
  /** The receipt's total, already formatted (₹1,00,000.00). */
  amount: string;
  /** The public address of the receipt's PDF: `{public address}/api/receipt-links/{token}/pdf?layout=a5&lang={language}`. */
  link: string;
  template: TemplateChoice;
}

/**
 * The receipt document template (issue 29 item 6, decision 0141): a utility template with a
 * DOCUMENT header, so it is delivered outside the 24-hour customer-service window too (a plain
 * document message would be refused there with 131047; `docs/domain.md`, §10 "WhatsApp limits").
 * Header: the receipt's PDF by link with the file name `Receipt-<number>.pdf` (the number's `/`
 * becomes `-`); body parameters {{1}} member name, {{2}} receipt number, {{3}} amount. Meta's
 * "Send message templates" reference: a header component's parameter `{type: 'document',
 * document: {link, filename}}`; Meta fetches the link itself when it sends.
 * @throws WhatsAppSendError 'Missing required template parameter values.' without a name, number or link.
 */
export function receiptDocumentTemplate(
  to: string,
  message: ReceiptDocumentMessage,
  callbackData?: string,
): WhatsAppMessageBody {
  requireValues(message.memberName, message.receiptNumber, message.link);
  return documentTemplate(
    to,
    message.template,
    { link: message.link, filename: receiptFileName(message.receiptNumber) },
    [message.memberName, message.receiptNumber, message.amount],
    callbackData,
  );
}

/** The document's file name: `Receipt-2026-27-000001.pdf` for receipt `2026-27/000001`. */
export function receiptFileName(receiptNumber: string): string {
  return `Receipt-${receiptNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/**
 * A template message with a DOCUMENT header (Meta's "Send message templates": a header parameter
 * `{type: 'document', document: {link, filename}}`, fetched by Meta when it sends) and text body
 * parameters {{1}}, {{2}}, … in the order given. Shared by the receipt and statement documents.
 */
function documentTemplate(
  to: string,
  template: TemplateChoice,
  document: { link: string; filename: string },
  bodyTexts: string[],
  callbackData?: string,
): WhatsAppMessageBody {
  return {
    ...envelope(to),
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components: [
        { type: 'header', parameters: [{ type: 'document', document }] },
        { type: 'body', parameters: bodyTexts.map((text) => ({ type: 'text', text: templateText(text) })) },
      ],
    },
    ...(callbackData && { biz_opaque_callback_data: callbackData }),
  };
}

/** What the yearly statement document message carries (decision 0143). */
export interface StatementDocumentMessage {
  memberName: string;
  /** The financial year as the statement prints it, `2026-27`. */
  financialYear: string;
  /**
   * The public address of the statement's PDF:
   * `{public address}/api/statement-links/{token}/pdf?lang={language}`.
   */
  link: string;
  template: TemplateChoice;
}

/**
 * The yearly statement document template (issue 29 item 8, decision 0143), sent with a reminder
 * round that attaches the statement: a utility template with a DOCUMENT header like the receipt's
 * ({@link receiptDocumentTemplate}), so it is delivered outside the 24-hour window too. Header: the
 * statement's PDF by link with the file name `Statement-<FY>.pdf`; body parameters {{1}} member
 * name, {{2}} financial year.
 * @throws WhatsAppSendError 'Missing required template parameter values.' without a name, year or link.
 */
export function statementDocumentTemplate(
  to: string,
  message: StatementDocumentMessage,
  callbackData?: string,
): WhatsAppMessageBody {
  requireValues(message.memberName, message.financialYear, message.link);
  return documentTemplate(
    to,
    message.template,
    { link: message.link, filename: statementFileName(message.financialYear) },
    [message.memberName, message.financialYear],
    callbackData,
  );
}

/** The statement document's file name: `Statement-2026-27.pdf`. */
export function statementFileName(financialYear: string): string {
  return `Statement-${financialYear.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/**
 * The `success` template (`docs/domain.md`, §9 "Reminder messages"), sent after an online payment
 * settles: the member's language's template ({@link templateFor} over WHATSAPP_SUCCESS_TEMPLATES,
 * decision 0143; `success`/`en` by default), body parameter the member's name.
 * @throws WhatsAppSendError 'Missing required template parameter values.' without a name.
 */
export function successTemplate(
  to: string,
  memberName: string,
  callbackData?: string,
  template: TemplateChoice = { name: 'success', language: 'en' },
): WhatsAppMessageBody {
  requireValues(memberName);
  return {
    ...envelope(to),
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components: [{ type: 'body', parameters: [{ type: 'text', text: templateText(memberName) }] }],
    },
    ...(callbackData && { biz_opaque_callback_data: callbackData }),
  };
}

/**
 * An authentication template with a copy-code button carrying a one-time code (decision 0138;
 * Meta's "Authentication templates" documentation, "Sending authentication templates": the code
 * goes as the body's one text parameter and again as the text parameter of the URL button at
 * index 0, the copy-code button). `language` is Meta's code of the member's language (en, ml, hi,
 * ta): the template must be approved in each. The message carries no callback data: its
 * status is not tracked and no delivery row names it.
 * @throws WhatsAppSendError 'Missing required template parameter values.' without a code.
 */
export function authenticationTemplate(
  to: string,
  input: { name: string; language: string; code: string },
): WhatsAppMessageBody {
  requireValues(input.code, input.name);
  return {
    ...envelope(to),
    type: 'template',
    template: {
      name: input.name,
      language: { code: input.language },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: input.code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: input.code }] },
      ],
    },
  };
}

/** Meta's `hello_world` sample template (language en_US, as Meta ships it): the test message. */
export function helloWorldTemplate(to: string): WhatsAppMessageBody {
  return { ...envelope(to), type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } };
}

/**
 * What the new-assignment message says (`docs/domain.md`, §9 "Reminder messages"): one head newly
 * assigned to one member.
 */
export interface AssignmentMessage {
  memberName: string;
  headName: string;
  /** The assigned amount, already formatted (₹1,00,000.00). */
  amount: string;
  /** The type label: Arrears, Current Due or Miscellaneous. */
  type: string;
  /** The due date, dd/mm/yyyy, or '-' when the head has none. */
  dueDate: string;
  description: string;
  /** The member's parish number (the identifier members know). */
  memberId: string;
  link: string;
  /** The link's part after `{PUBLIC_URL}/`: the URL button's parameter ({@link paymentLinkSuffix}). */
  linkSuffix: string;
  /** The member's language's template (WHATSAPP_ASSIGNMENT_TEMPLATES, decision 0143); `assignment`/`en` when absent. */
  template?: TemplateChoice;
}

/**
 * The `assignment` template (`docs/domain.md`, §9 "Reminder messages"): one head newly assigned to
 * one member. A template, because a free-text message is only delivered inside the 24-hour
 * customer-service window (131047 outside it; `docs/domain.md`, §10 "WhatsApp limits"). The
 * member's language's template ({@link templateFor} over WHATSAPP_ASSIGNMENT_TEMPLATES, decision
 * 0143; `assignment`/`en` by default); body parameters {{1}} member name, {{2}} head, {{3}} amount, {{4}} type, {{5}} due date,
 * {{6}} member id; URL button 0 takes the payment link's suffix like the `payment` template
 * (approved as `{PUBLIC_URL}/{{1}}`). The head's description is not sent (a parameter may not be
 * empty, and the approved text stays short).
 * @throws WhatsAppSendError 'Missing required template parameter values.' without a name or link.
 */
export function assignmentTemplate(to: string, message: AssignmentMessage, callbackData?: string): WhatsAppMessageBody {
  requireValues(message.memberName, message.link, message.headName);
  const text = (value: string) => ({ type: 'text', text: templateText(value) || '-' });
  const template = message.template ?? { name: 'assignment', language: 'en' };
  return {
    ...envelope(to),
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components: [
        {
          type: 'body',
          parameters: [
            text(message.memberName),
            text(message.headName),
            text(message.amount),
            text(message.type),
            text(message.dueDate),
            text(message.memberId),
          ],
        },
        {
          type: 'button',
          sub_type: 'url',
          index: '0',
          parameters: [{ type: 'text', text: message.linkSuffix }],
        },
      ],
    },
    ...(callbackData && { biz_opaque_callback_data: callbackData }),
  };
}

interface MetaErrorBody {
  error?: { code?: number; message?: string };
}

function classify(status: number, metaCode: number | undefined): SendFailureKind {
  if (status === 429) return 'retryable';
  if (metaCode !== undefined && (THROTTLE_CODES.has(metaCode) || TRANSIENT_CODES.has(metaCode))) return 'retryable';
  if (status >= 500) return 'retryable';
  return 'permanent';
}

/** Errors a connection raises before any byte of the request left (definitely not sent). */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * The server-side WhatsApp Cloud API client (`docs/domain.md`, §10 "WhatsApp send", "WhatsApp
 * answers" and "WhatsApp error codes"). `POST {base}/{version}/{phone number id}/messages` with the
 * bearer token; credentials never leave the server.
 */
export class WhatsAppClient {
  constructor(
    private readonly settings: WhatsAppConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The send URL (`docs/domain.md`, §10 "WhatsApp send"). */
  get endpoint(): string {
    const { baseUrl, apiVersion, phoneNumberId } = this.settings;
    return `${baseUrl}/${apiVersion}/${encodeURIComponent(phoneNumberId ?? '')}/messages`;
  }

  /**
   * Sends one message, with the configured timeout (10 s by default).
   * @returns the provider's message id (`messages[0].id`, wamid...).
   * @throws WhatsAppSendError: 'WhatsApp API Error: {status} - {body}' for a non-success answer
   *   (`docs/domain.md`, §9 "Sending"), classified retryable / permanent; a timeout or a reset is `ambiguous`.
   */
  async send(body: WhatsAppMessageBody, signal?: AbortSignal): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(this.endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.settings.accessToken ?? ''}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      if (!controller.signal.aborted && cause?.code && NOT_SENT_CODES.has(cause.code)) {
        throw new WhatsAppSendError(`WhatsApp API unreachable: ${cause.code}`, {
          status: 0,
          errorCode: 'NETWORK',
          kind: 'retryable',
        });
      }
      throw new WhatsAppSendError(REMINDER_MSG.timeout, {
        status: 0,
        errorCode: controller.signal.aborted ? 'TIMEOUT' : 'NETWORK',
        kind: 'ambiguous',
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    if (!response.ok) {
      let metaCode: number | undefined;
      try {
        metaCode = (JSON.parse(text) as MetaErrorBody).error?.code;
      } catch {
        metaCode = undefined;
      }
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new WhatsAppSendError(whatsAppApiErrorText(response.status, text.slice(0, 1000)), {
        status: response.status,
        errorCode: String(metaCode ?? response.status),
        kind: classify(response.status, metaCode),
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      });
    }
    let messageId: unknown;
    try {
      messageId = (JSON.parse(text) as { messages?: { id?: unknown }[] }).messages?.[0]?.id;
    } catch {
      messageId = undefined;
    }
    if (typeof messageId !== 'string' || !messageId) {
      // Accepted (2xx) but without an id: it may well go out, so it must not be resent.
      throw new WhatsAppSendError(whatsAppApiErrorText(response.status, text.slice(0, 1000)), {
        status: response.status,
        errorCode: 'NO_MESSAGE_ID',
        kind: 'ambiguous',
      });
    }
    return messageId;
  }
}
