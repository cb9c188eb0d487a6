import i18n from 'i18next';

/**
 * The key of each gateway answer by its English text, once a language pack brought it
 * (`i18n/gateway-packs.ts`, loaded with Malayalam, Hindi or Tamil): empty for an English reader,
 * who sees the server's text as it came.
 */
let keyOfText: ReadonlyMap<string, string> = new Map();

/** Keeps the gateway answers' keys that a language pack brought (`changeLanguage`). */
export function rememberGatewayTexts(keys: ReadonlyMap<string, string>): void {
  keyOfText = keys;
}

/** `docs/domain.md`, §5 "Error and outcome messages": 'Unknown payment status: {code} - {message}'. */
const UNKNOWN_STATUS = /^Unknown payment status: (.*?) - (.*)$/s;

/**
 * A gateway or checkout answer in the reader's language (issue 29 item 3, decision 0141): the
 * server keeps sending its English texts (`GATEWAY_MSG` of @parish/shared, Worldline's 0392 'Payment
 * was cancelled by user' among them), and the member's side shows each known one from the language
 * pack (`portal.gateway.<key>` in ml, hi and ta), the unknown-status answer with its code
 * (`portal.failed.unknownStatus`); any other text, and every text in English, as it came.
 * @returns null for a missing text (so `??` can supply a fallback)
 */
export function gatewayText(text: string | null | undefined): string | null {
  if (!text) return null;
  if (!i18n.isInitialized) return text;
  const key = keyOfText.get(text);
  if (key) return i18n.t(`portal.gateway.${key}`, { defaultValue: text });
  const unknown = UNKNOWN_STATUS.exec(text);
  if (unknown) {
    return i18n.t('portal.failed.unknownStatus', { code: unknown[1], message: unknown[2], defaultValue: text });
  }
  return text;
}
