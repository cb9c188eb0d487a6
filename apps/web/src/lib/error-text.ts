import { MSG, type MessageKey } from '@parish/shared';
import i18n from 'i18next';

import { ApiError } from './api-client.ts';
import { gatewayText } from './gateway-text.ts';

/** The key of each of the product's messages (`MSG`) by its English text. */
const KEY_OF_TEXT = new Map<string, MessageKey>(
  Object.entries(MSG).map(([key, text]) => [text as string, key as MessageKey]),
);

/**
 * The text to show for a failed call, in the reader's language: the server's error (or the
 * client's own, such as {@link MSG.networkError} when the server could not be reached), else the
 * given fallback. A text that is one of the product's messages (`MSG`) is shown from the
 * `messages` catalogue (`messages.<key>`: translated for the member's side, English for the rest);
 * a gateway answer (`GATEWAY_MSG`) from `portal.gateway` ({@link gatewayText}); any other text as it came.
 */
export function errorText(error: unknown, fallback: string = MSG.genericError): string {
  const text = error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
  const key = KEY_OF_TEXT.get(text);
  if (!key) return gatewayText(text) ?? text;
  return key && i18n.isInitialized ? i18n.t(`messages.${key}`, { defaultValue: text }) : text;
}
