import { GATEWAY_MSG } from '@parish/shared';
import i18n from 'i18next';

type GatewayKey = keyof typeof GATEWAY_MSG;

/** The key of each gateway answer (`GATEWAY_MSG`) by its English text. */
const KEY_OF_TEXT = new Map<string, GatewayKey>(
  Object.entries(GATEWAY_MSG).map(([key, text]) => [text as string, key as GatewayKey]),
);

/** `docs/domain.md`, §5 "Error and outcome messages": 'Unknown payment status: {code} - {message}'. */
const UNKNOWN_STATUS = /^Unknown payment status: (.*?) - (.*)$/s;

/**
 * A gateway or checkout answer in the reader's language (issue 29 item 3, decision 0141): the
 * server keeps sending its English texts (`GATEWAY_MSG` of @parish/shared, Worldline's 0392 'Payment
 * was cancelled by user' among them), and the member's side shows each known one from the catalogue
 * (`portal.gateway.<key>`: translated in ml, hi and ta), the unknown-status answer with its code
 * (`portal.failed.unknownStatus`); any other text as it came.
 * @returns null for a missing text (so `??` can supply a fallback)
 */
export function gatewayText(text: string | null | undefined): string | null {
  if (!text) return null;
  if (!i18n.isInitialized) return text;
  const key = KEY_OF_TEXT.get(text);
  if (key) return i18n.t(`portal.gateway.${key}`, { defaultValue: text });
  const unknown = UNKNOWN_STATUS.exec(text);
  if (unknown) {
    return i18n.t('portal.failed.unknownStatus', { code: unknown[1], message: unknown[2], defaultValue: text });
  }
  return text;
}

/** Whether `text` is one of the gateway answers {@link gatewayText} translates. */
export function isGatewayText(text: string): boolean {
  return KEY_OF_TEXT.has(text);
}
