import { GATEWAY_MSG, MSG, unknownPaymentStatusMessage } from '@parish/shared';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import { en } from '../i18n/en.ts';
import { GATEWAY_KEYS, GATEWAY_PACKS } from '../i18n/gateway-packs.ts';
import { hi } from '../i18n/hi.ts';
import { ml } from '../i18n/ml.ts';
import { ta } from '../i18n/ta.ts';
import { ApiError } from './api-client.ts';
import { errorText } from './error-text.ts';
import { gatewayText, rememberGatewayTexts } from './gateway-text.ts';

/**
 * Gateway outcomes in the member's language (issue 29 item 3, decision 0141): the server sends its
 * English `GATEWAY_MSG` texts; the member's side shows them from the catalogue of the language chosen.
 */
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, ml: { translation: ml }, hi: { translation: hi }, ta: { translation: ta } },
    interpolation: { escapeValue: false },
  });
  // What `changeLanguage` adds with a language's catalogue.
  for (const language of ['ml', 'hi', 'ta'] as const) {
    i18n.addResourceBundle(language, 'translation', { portal: { gateway: GATEWAY_PACKS[language] } }, true, true);
  }
  rememberGatewayTexts(GATEWAY_KEYS);
});

describe('gatewayText', () => {
  it('shows the cancelled and failed outcomes in Malayalam, Hindi and Tamil, and English as sent', async () => {
    const shown: Record<string, [string | null, string | null]> = {};
    for (const language of ['en', 'ml', 'hi', 'ta']) {
      await i18n.changeLanguage(language);
      shown[language] = [gatewayText(GATEWAY_MSG.cancelledByUser), gatewayText(GATEWAY_MSG.paymentFailed)];
    }
    expect(shown).toEqual({
      en: ['Payment was cancelled by user', 'Payment failed'],
      ml: ['പേയ്‌മെന്റ് നിങ്ങൾ റദ്ദാക്കി', 'പേയ്‌മെന്റ് പരാജയപ്പെട്ടു'],
      hi: ['भुगतान आपने रद्द कर दिया', 'भुगतान विफल रहा'],
      ta: ['கட்டணத்தை நீங்கள் ரத்து செய்தீர்கள்', 'கட்டணம் தோல்வியடைந்தது'],
    });
  });

  it('translates every gateway answer in each member language', async () => {
    for (const language of ['ml', 'hi', 'ta']) {
      await i18n.changeLanguage(language);
      const untranslated = Object.values(GATEWAY_MSG).filter((text) => gatewayText(text) === text);
      expect(untranslated, language).toEqual([]);
      const same = Object.entries(GATEWAY_PACKS[language as 'ml']).filter(([, text]) => text.trim() === '');
      expect(same, language).toEqual([]);
    }
  });

  it('keeps the code of an unknown status, leaves other texts as they came, and gives null for none', async () => {
    await i18n.changeLanguage('hi');
    expect(gatewayText(unknownPaymentStatusMessage('0555', 'Bank says no'))).toBe(
      i18n.t('portal.failed.unknownStatus', { code: '0555', message: 'Bank says no' }),
    );
    expect(gatewayText(unknownPaymentStatusMessage('0555', 'Bank says no'))).toContain('0555');
    expect(gatewayText('Something only the bank says')).toBe('Something only the bank says');
    expect(gatewayText('')).toBeNull();
    expect(gatewayText(undefined)).toBeNull();
  });

  it('errorText translates a gateway answer of a failed call, and the shared messages as before', async () => {
    await i18n.changeLanguage('ta');
    expect(errorText(new ApiError(GATEWAY_MSG.checkoutInProgress, 409, 'CHECKOUT_IN_PROGRESS'))).toBe(
      GATEWAY_PACKS.ta.checkoutInProgress,
    );
    expect(errorText(new ApiError(MSG.arrearsFirst, 400, 'ARREARS_FIRST'))).toBe(ta.messages.arrearsFirst);
    await i18n.changeLanguage('en');
  });
});
