import { AUDIT_SENTENCES, AUDIT_SENTENCES_ONE } from '@parish/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { en } from './en.ts';
import { enStaff } from './en-staff.ts';
import { hi } from './hi.ts';
import { flattenCatalogue, type MemberCatalogue } from './member-catalogue.ts';
import { ml } from './ml.ts';
import { ta } from './ta.ts';

/**
 * Issue 27, item 5: every count the app shows reads in the plural rules of its language ("1
 * member", "2 members"; never "1 members" nor "member(s)"), through i18next's plural keys
 * (`_one`, `_other`: the CLDR categories of `Intl.PluralRules`).
 */
const english = flattenCatalogue({ ...en, ...enStaff });

/**
 * A number before a countable noun, an adjective allowed between: "{{count}} members", "{{total}}
 * unpaid dues" (a placeholder that holds a number, not a name: "{{actor}} collected dues" is no count).
 */
const COUNTED_NOUN =
  /\{\{(?:count|total|shown|members|heads|dues|receipts|voided|payments|rows)\}\} (?:[a-z]+ )?(?:members|payments|receipts|heads|dues|rows|collections|activities|tags|days|items)\b/;

/** Whether `key` is one form of a plural pair: `x_other` beside `x_one`, or a base `x` beside `x_one`. */
function isPlural(key: string, keys: Map<string, string>): boolean {
  if (key.endsWith('_other')) return keys.has(key.replace(/_other$/, '_one'));
  if (key.endsWith('_one')) return keys.has(key.replace(/_one$/, '_other')) || keys.has(key.replace(/_one$/, ''));
  return keys.has(`${key}_one`);
}

describe('counts in the English catalogue', () => {
  it('writes no "(s)": a count has a plural form instead', () => {
    const hedged = [...english].filter(([, text]) => text.includes('(s)')).map(([key]) => key);
    expect(hedged).toEqual([]);
  });

  it('gives every text that counts a noun its singular and plural, counted by {{count}}', () => {
    const counted = [...english].filter(([, text]) => COUNTED_NOUN.test(text));
    expect(counted.length).toBeGreaterThan(20);
    const single = counted.filter(([key]) => !isPlural(key, english)).map(([key]) => key);
    expect(single, 'texts counting a noun without a `_one` form').toEqual([]);
    const notByCount = counted.filter(([, text]) => !text.includes('{{count}}')).map(([key]) => key);
    expect(notByCount, 'plural texts whose number is not {{count}} (i18next chooses the form by `count`)').toEqual([]);
  });

  it('has a singular for every activity sentence that counts', () => {
    const counting = Object.entries(AUDIT_SENTENCES).filter(([, text]) => text.includes('{{count}}'));
    const without = counting.filter(([action]) => !AUDIT_SENTENCES_ONE[action as keyof typeof AUDIT_SENTENCES]);
    expect(without.map(([action]) => action)).toEqual([]);
  });
});

describe.each([
  ['ml', ml],
  ['hi', hi],
  ['ta', ta],
] as [string, MemberCatalogue][])('the %s member catalogue', (language, catalogue) => {
  it("has each plural text in every plural category of the language's rules", () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const translated = flattenCatalogue(catalogue);
    const bases = new Set(
      [...translated.keys()].filter((key) => /_(one|other)$/.test(key)).map((key) => key.replace(/_(one|other)$/, '')),
    );
    expect(bases.size).toBeGreaterThan(0);
    const missing = [...bases].flatMap((base) =>
      categories.filter((category) => !translated.has(`${base}_${category}`)).map((category) => `${base}_${category}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('plural texts as shown', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    resources: { en: { translation: { ...en, ...enStaff } }, hi: { translation: hi } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });

  it('reads one and many in English', () => {
    expect(i18n.t('collections.arrears.count', { count: 1 })).toBe('1 member');
    expect(i18n.t('collections.arrears.count', { count: 2 })).toBe('2 members');
    expect(i18n.t('collections.day.voided', { count: 1 })).toBe('1 voided receipt');
    expect(i18n.t('collections.day.receipts', { count: 19 })).toBe('19 receipts');
    expect(i18n.t('paymentHeads.members.count', { count: 2 })).toBe('2 members');
    expect(i18n.t('paymentHeads.tag.saved', { count: 1 })).toBe('Member tags saved: 1 member tagged.');
    expect(i18n.t('reports.memberDue.totals', { count: 1, amount: '₹500.00' })).toBe('1 member owes ₹500.00');
    expect(i18n.t('yearEnd.csv.differ', { count: 1 })).toMatch(/^1 pending due has a different amount/);
    const phrase = (key: string, count: number) => i18n.t(`yearEnd.rollover.${key}`, { count });
    expect(
      i18n.t('yearEnd.rollover.summary', {
        heads: phrase('heads', 1),
        dues: phrase('dues', 2),
        members: phrase('memberCount', 2),
        amount: '₹2,300.50',
      }),
    ).toBe('1 head: 2 unpaid dues of 2 members, ₹2,300.50, will become arrears.');
    expect(
      i18n.t('yearEnd.rollover.done', { heads: phrase('heads', 1), members: phrase('memberCount', 2), amount: '₹1' }),
    ).toBe('Moved 1 head to arrears: 2 members, ₹1 unpaid.');
  });

  it('reads zero as "one" in Hindi, as its plural rules say', () => {
    expect(i18n.t('portal.cards.count', { lng: 'hi', count: 0 })).toBe(
      hi.portal.cards.count_one.replace('{{count}}', '0'),
    );
    expect(i18n.t('portal.cards.count', { lng: 'hi', count: 2 })).toBe(
      hi.portal.cards.count_other.replace('{{count}}', '2'),
    );
  });
});
