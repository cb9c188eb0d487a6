import { describe, expect, it } from 'vitest';

import { en } from './en.ts';
import { attemptTexts, receiptCheckTexts, statementTexts } from './en/portal-lazy.ts';
import { consentTexts, signInCodeTexts } from './en/sign-in-code.ts';
import { hi } from './hi.ts';
import { flattenCatalogue, memberPartOf, SAME_AS_ENGLISH, type MemberCatalogue } from './member-catalogue.ts';
import { ml } from './ml.ts';
import { ta } from './ta.ts';

/**
 * Issue 17, item 8 (`docs/domain.md`, "Member languages"): every member-side key of the English
 * catalogue is translated in Malayalam, Hindi and Tamil, and no language has a key English lacks.
 * A failure names each missing or extra key (`portal.pending.payNow`), so whoever adds an English
 * member text knows exactly which translations to add.
 */
// With the texts lazily loaded screens add (decision 0138): translated like every other.
const english = flattenCatalogue(
  memberPartOf({
    ...en,
    memberLogin: { ...en.memberLogin, code: signInCodeTexts },
    portal: {
      ...en.portal,
      consent: consentTexts,
      receiptCheck: receiptCheckTexts,
      attempts: attemptTexts,
      statement: statementTexts,
    },
  }),
);
const LANGUAGES: [string, MemberCatalogue][] = [
  ['ml', ml],
  ['hi', hi],
  ['ta', ta],
];
/** The `{{name}}` placeholders of a text, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe.each(LANGUAGES)('the %s member catalogue', (language, catalogue) => {
  const translated = flattenCatalogue(catalogue);

  it('has every English member-side key', () => {
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    expect(missing, `keys missing in ${language}.ts: ${missing.join(', ')}`).toEqual([]);
  });

  it('has no key that English lacks', () => {
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect(extra, `keys in ${language}.ts that en.ts lacks: ${extra.join(', ')}`).toEqual([]);
  });

  it('keeps the placeholders of each English text and leaves no text empty', () => {
    const wrong = [...english]
      .filter(([key]) => translated.has(key))
      .filter(([key, text]) => {
        const other = translated.get(key) ?? '';
        return other.trim() === '' || placeholders(other).join() !== placeholders(text).join();
      })
      .map(([key]) => key);
    expect(wrong, `texts in ${language}.ts whose {{placeholders}} differ from English or that are empty`).toEqual([]);
  });

  it('translates every text: none reads as the English one unless it is a code or a name', () => {
    const allowed = new Set<string>(SAME_AS_ENGLISH);
    const untranslated = [...english]
      .filter(([key, text]) => translated.get(key) === text && !allowed.has(key))
      .map(([key]) => key);
    expect(untranslated, `texts in ${language}.ts left in English`).toEqual([]);
  });
});

describe('the member-side part of the English catalogue', () => {
  it('holds the landing, sign-in, portal and language texts and not the staff screens', () => {
    const namespaces = new Set([...english.keys()].map((key) => key.split('.')[0]));
    expect([...namespaces].sort()).toEqual([
      'common',
      'landing',
      'language',
      'memberLogin',
      'messages',
      'portal',
      'refunds',
      'whatsapp',
    ]);
    const shared = [...english.keys()].filter((key) => /^(refunds|whatsapp)\./.test(key));
    expect(
      shared.every((key) => /^(refunds\.band|refunds\.checkout\.|whatsapp\.pay\.|whatsapp\.done\.)/.test(key)),
    ).toBe(true);
    expect(english.get('whatsapp.pay.title')).toBe('Pay your dues');
    expect(english.has('refunds.voidButton')).toBe(false);
    expect(english.get('messages.invalidMemberLogin')).toBe('Invalid mobile number/parish number or password');
  });
});
