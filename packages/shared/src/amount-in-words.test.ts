import { describe, expect, it } from 'vitest';

import { amountInWords, amountInWordsIn } from './amount-in-words.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { paise, type Paise } from './money.ts';

/**
 * Amounts in words on the receipt and the bilingual receipt (`docs/domain.md`, §8;
 * `docs/decisions/0053-amount-in-words-in-malayalam-and-tamil.md`,
 * `0080-amounts-in-words-one-converter-crore-repeats.md`): each expected text written out by hand
 * from the forms the decision records cite. The comparison with ICU's spell-out is
 * `amount-in-words.reference.test.ts`.
 */
const rupees = (amount: number) => paise(Math.round(amount * 100));

describe('amountInWords: English (crore, lakh, thousand; Rupees, Paise, Only)', () => {
  it.each([
    [0.5, 'Fifty Paise Only'],
    [0.01, 'One Paisa Only'],
    [1, 'One Rupee Only'],
    [1.01, 'One Rupee And One Paisa Only'],
    [0, 'Zero Rupees Only'],
    [21, 'Twenty One Rupees Only'],
    [101, 'One Hundred One Rupees Only'],
    [1100, 'One Thousand One Hundred Rupees Only'],
    [1500, 'One Thousand Five Hundred Rupees Only'],
    [100000, 'One Lakh Rupees Only'],
    [123456.5, 'One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees And Fifty Paise Only'],
    [
      123456789.5,
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Rupees And Fifty Paise Only',
    ],
    [
      999999999.99,
      'Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Rupees And Ninety Nine Paise Only',
    ],
    // Issue 27, item 11: from ₹100 crore up, crore repeats (to-words read 'One Arab Rupees Only').
    [1000000000, 'One Hundred Crore Rupees Only'],
    [1000000001, 'One Hundred Crore One Rupees Only'],
    [
      12345678901,
      'One Thousand Two Hundred Thirty Four Crore Fifty Six Lakh Seventy Eight Thousand Nine Hundred One Rupees Only',
    ],
    [100000000000, 'Ten Thousand Crore Rupees Only'],
    [1000000000000, 'One Lakh Crore Rupees Only'],
  ])('₹%s -> %s', (amount, words) => {
    expect(amountInWords(rupees(amount))).toBe(words);
    expect(amountInWordsIn('en', rupees(amount))).toBe(words);
  });

  it('reads the largest safe amount in crores', () => {
    expect(amountInWords(paise(Number.MAX_SAFE_INTEGER))).toBe(
      'Ninety Lakh Seven Thousand One Hundred Ninety Nine Crore Twenty Five Lakh Forty Seven Thousand Four Hundred Nine Rupees And Ninety One Paise Only',
    );
  });
});

describe('amountInWordsIn: Hindi (करोड़, लाख, हज़ार, सौ; रुपये और पैसे)', () => {
  it.each([
    [0, 'शून्य रुपये'],
    [0.01, 'एक पैसा'],
    [0.5, 'पचास पैसे'],
    [1, 'एक रुपया'],
    [1.01, 'एक रुपया और एक पैसा'],
    [11, 'ग्यारह रुपये'],
    [44, 'चौवालीस रुपये'],
    [51, 'इक्यावन रुपये'],
    [87, 'सत्तासी रुपये'],
    [88, 'अट्ठासी रुपये'],
    [91, 'इक्यानवे रुपये'],
    [99, 'निन्यानवे रुपये'],
    // Issue 27, item 11: a hundred is counted (to-words read 'सौ' and 'एक हज़ार सौ').
    [100, 'एक सौ रुपये'],
    [101, 'एक सौ एक रुपये'],
    [1001, 'एक हज़ार एक रुपये'],
    [1100, 'एक हज़ार एक सौ रुपये'],
    [1500, 'एक हज़ार पाँच सौ रुपये'],
    [100000, 'एक लाख रुपये'],
    [125000.5, 'एक लाख पच्चीस हज़ार रुपये और पचास पैसे'],
    [999999999.99, 'निन्यानवे करोड़ निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे रुपये और निन्यानवे पैसे'],
    [1000000000, 'एक सौ करोड़ रुपये'],
    [100000000000, 'दस हज़ार करोड़ रुपये'],
  ])('₹%s -> %s', (amount, words) => {
    expect(amountInWordsIn('hi', rupees(amount))).toBe(words);
  });

  it('writes ड़ and ज़ as a letter and a nukta (NFC), as the receipt font and search expect', () => {
    const words = amountInWordsIn('hi', rupees(12_34_56_789));
    expect(words).toContain('करोड़');
    expect(words).toBe(words.normalize('NFC'));
  });
});

describe('amountInWordsIn: Malayalam (crore, lakh, thousand, hundred; രൂപ and പൈസ)', () => {
  it.each([
    [0, 'പൂജ്യം രൂപ'],
    [0.01, 'ഒരു പൈസ'],
    [0.5, 'അമ്പത് പൈസ'],
    [1, 'ഒരു രൂപ'],
    [10, 'പത്ത് രൂപ'],
    [11, 'പതിനൊന്ന് രൂപ'],
    [19, 'പത്തൊൻപത് രൂപ'],
    [20, 'ഇരുപത് രൂപ'],
    [21, 'ഇരുപത്തിയൊന്ന് രൂപ'],
    [22, 'ഇരുപത്തിരണ്ട് രൂപ'],
    [25, 'ഇരുപത്തിയഞ്ച് രൂപ'],
    [48, 'നാൽപ്പത്തിയെട്ട് രൂപ'],
    [99, 'തൊണ്ണൂറ്റിയൊൻപത് രൂപ'],
    [100, 'നൂറ് രൂപ'],
    [101, 'നൂറ്റി ഒന്ന് രൂപ'],
    [110, 'നൂറ്റി പത്ത് രൂപ'],
    [200, 'ഇരുനൂറ് രൂപ'],
    [450, 'നാനൂറ്റി അമ്പത് രൂപ'],
    [999, 'തൊള്ളായിരത്തി തൊണ്ണൂറ്റിയൊൻപത് രൂപ'],
    [1000, 'ആയിരം രൂപ'],
    [1001, 'ആയിരത്തി ഒന്ന് രൂപ'],
    [1500, 'ആയിരത്തി അഞ്ഞൂറ് രൂപ'],
    [2000, 'രണ്ടായിരം രൂപ'],
    [3000, 'മൂവായിരം രൂപ'],
    [5000, 'അയ്യായിരം രൂപ'],
    [8000, 'എണ്ണായിരം രൂപ'],
    [9000, 'ഒൻപതിനായിരം രൂപ'],
    [10000, 'പതിനായിരം രൂപ'],
    [15000, 'പതിനയ്യായിരം രൂപ'],
    [20000, 'ഇരുപതിനായിരം രൂപ'],
    [21000, 'ഇരുപത്തിയൊന്നായിരം രൂപ'],
    [50000, 'അമ്പതിനായിരം രൂപ'],
    [90000, 'തൊണ്ണൂറായിരം രൂപ'],
    [100000, 'ഒരു ലക്ഷം രൂപ'],
    [100001, 'ഒരു ലക്ഷത്തി ഒന്ന് രൂപ'],
    [125000.5, 'ഒരു ലക്ഷത്തി ഇരുപത്തിയയ്യായിരം രൂപയും അമ്പത് പൈസയും'],
    [1234567, 'പന്ത്രണ്ട് ലക്ഷത്തി മുപ്പത്തിനാലായിരത്തി അഞ്ഞൂറ്റി അറുപത്തിയേഴ് രൂപ'],
    [10000000, 'ഒരു കോടി രൂപ'],
    [12000000, 'ഒരു കോടി ഇരുപത് ലക്ഷം രൂപ'],
    [1000000000, 'നൂറ് കോടി രൂപ'],
    [
      999999999.99,
      'തൊണ്ണൂറ്റിയൊൻപത് കോടി തൊണ്ണൂറ്റിയൊൻപത് ലക്ഷത്തി തൊണ്ണൂറ്റിയൊൻപതിനായിരത്തി തൊള്ളായിരത്തി തൊണ്ണൂറ്റിയൊൻപത് രൂപയും തൊണ്ണൂറ്റിയൊൻപത് പൈസയും',
    ],
  ])('₹%s -> %s', (amount, words) => {
    expect(amountInWordsIn('ml', rupees(amount))).toBe(words);
  });
});

describe('amountInWordsIn: Tamil (crore, lakh, thousand, hundred; ரூபாய் and பைசா)', () => {
  it.each([
    [0, 'பூஜ்ஜியம் ரூபாய்'],
    [0.01, 'ஒரு பைசா'],
    [0.5, 'ஐம்பது பைசா'],
    [1, 'ஒரு ரூபாய்'],
    [10, 'பத்து ரூபாய்'],
    [11, 'பதினொன்று ரூபாய்'],
    [19, 'பத்தொன்பது ரூபாய்'],
    [20, 'இருபது ரூபாய்'],
    [21, 'இருபத்தொன்று ரூபாய்'],
    [22, 'இருபத்திரண்டு ரூபாய்'],
    [23, 'இருபத்துமூன்று ரூபாய்'],
    [25, 'இருபத்தைந்து ரூபாய்'],
    [99, 'தொண்ணூற்றொன்பது ரூபாய்'],
    [100, 'நூறு ரூபாய்'],
    [101, 'நூற்று ஒன்று ரூபாய்'],
    [110, 'நூற்று பத்து ரூபாய்'],
    [200, 'இருநூறு ரூபாய்'],
    [999, 'தொள்ளாயிரத்து தொண்ணூற்றொன்பது ரூபாய்'],
    [1000, 'ஆயிரம் ரூபாய்'],
    [1001, 'ஆயிரத்து ஒன்று ரூபாய்'],
    [1250.5, 'ஆயிரத்து இருநூற்று ஐம்பது ரூபாய் ஐம்பது பைசா'],
    [2000, 'இரண்டாயிரம் ரூபாய்'],
    [3000, 'மூவாயிரம் ரூபாய்'],
    [5000, 'ஐயாயிரம் ரூபாய்'],
    [10000, 'பத்தாயிரம் ரூபாய்'],
    [11000, 'பதினோராயிரம் ரூபாய்'],
    [15000, 'பதினைந்தாயிரம் ரூபாய்'],
    [20000, 'இருபதாயிரம் ரூபாய்'],
    [21000, 'இருபத்தோராயிரம் ரூபாய்'],
    [90000, 'தொண்ணூறாயிரம் ரூபாய்'],
    [100000, 'ஒரு லட்சம் ரூபாய்'],
    [125000.5, 'ஒரு லட்சத்து இருபத்தைந்தாயிரம் ரூபாய் ஐம்பது பைசா'],
    [1234567, 'பன்னிரண்டு லட்சத்து முப்பத்துநான்காயிரத்து ஐநூற்று அறுபத்தேழு ரூபாய்'],
    [10000000, 'ஒரு கோடி ரூபாய்'],
    [12000000, 'ஒரு கோடியே இருபது லட்சம் ரூபாய்'],
    [1000000000, 'நூறு கோடி ரூபாய்'],
    [
      999999999.99,
      'தொண்ணூற்றொன்பது கோடியே தொண்ணூற்றொன்பது லட்சத்து தொண்ணூற்றொன்பதாயிரத்து தொள்ளாயிரத்து தொண்ணூற்றொன்பது ரூபாய் தொண்ணூற்றொன்பது பைசா',
    ],
  ])('₹%s -> %s', (amount, words) => {
    expect(amountInWordsIn('ta', rupees(amount))).toBe(words);
  });
});

describe('amounts that are not paise', () => {
  it.each([1.5, -100, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    '%s is refused in every language, with the value named',
    (value) => {
      // Cast, not checked: what a caller that skipped paise() would pass.
      const unchecked = value as Paise;
      expect(() => amountInWords(unchecked)).toThrow(RangeError);
      expect(() => amountInWords(unchecked)).toThrow(`amountInWords: ${String(value)} is not an amount in paise`);
      for (const language of LANGUAGES) {
        expect(() => amountInWordsIn(language, unchecked)).toThrow(RangeError);
      }
    },
  );

  it('refuses what is not a number, and a language the product does not have', () => {
    expect(() => amountInWords('100' as unknown as Paise)).toThrow(RangeError);
    expect(() => amountInWordsIn('fr' as Language, paise(100))).toThrow(
      'amountInWordsIn: no words for the language fr',
    );
    expect(() => amountInWordsIn('constructor' as Language, paise(100))).toThrow(RangeError);
  });

  it('the largest safe amount still reads as crores', () => {
    expect(amountInWordsIn('ml', paise(Number.MAX_SAFE_INTEGER))).toMatch(
      /^തൊണ്ണൂറ് ലക്ഷത്തി ഏഴായിരത്തി .* കോടി .* രൂപയും .* പൈസയും$/,
    );
    expect(amountInWordsIn('ta', paise(Number.MAX_SAFE_INTEGER))).toMatch(
      /^தொண்ணூறு லட்சத்து ஏழாயிரத்து .* கோடியே .* ரூபாய் .* பைசா$/,
    );
    expect(amountInWordsIn('hi', paise(Number.MAX_SAFE_INTEGER))).toMatch(
      /^नब्बे लाख सात हज़ार .* करोड़ .* रुपये और इक्यानवे पैसे$/,
    );
  });
});
