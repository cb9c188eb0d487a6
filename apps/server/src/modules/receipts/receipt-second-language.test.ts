import { describe, expect, it } from 'vitest';

import { amountInWordsIn } from './receipt-second-language.ts';

/**
 * The second language's amount in words (`docs/decisions/0053-amount-in-words-in-malayalam-and-tamil.md`):
 * Hindi from to-words' hi-IN locale (its numbers below a hundred are single words, which the
 * locale knows), Malayalam and Tamil from the shared converter (its own tests in
 * packages/shared/src/amount-in-words.test.ts).
 */
describe('amountInWordsIn', () => {
  it.each([
    [0, 'शून्य रुपये'],
    [1, 'एक पैसा'],
    [50, 'पचास पैसे'],
    [100, 'एक रुपया'],
    [1_100, 'ग्यारह रुपये'],
    [9_900, 'निन्यानवे रुपये'],
    [10_100, 'एक सौ एक रुपये'],
    [100_100, 'एक हज़ार एक रुपये'],
    [10_000_000, 'एक लाख रुपये'],
    [12_500_050, 'एक लाख पच्चीस हज़ार रुपये और पचास पैसे'],
    [99_99_99_999_99, 'निन्यानवे करोड़ निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे रुपये और निन्यानवे पैसे'],
  ])('Hindi: %s paise -> %s', (paise, words) => {
    expect(amountInWordsIn('hi', paise)).toBe(words);
  });

  it('Malayalam and Tamil in their compound forms, not digit group by digit group', () => {
    expect(amountInWordsIn('ml', 10_100)).toBe('നൂറ്റി ഒന്ന് രൂപ');
    expect(amountInWordsIn('ta', 10_100)).toBe('நூற்று ஒன்று ரூபாய்');
  });

  it.each(['ml', 'hi', 'ta'] as const)('%s refuses what is not paise', (language) => {
    expect(() => amountInWordsIn(language, 1.5)).toThrow(RangeError);
    expect(() => amountInWordsIn(language, -1)).toThrow(RangeError);
  });
});
